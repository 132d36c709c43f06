/**
 * PHPDoc text within PSR-12's 120 columns: a type stays on one line when it fits, otherwise its
 * shapes open one field a line and its unions go in parentheses, the only place where PHPStan's
 * parser reads a union over several lines.
 */
import { flat, shapeKey, type PhpType } from './php-types.js';

export const LINE_WIDTH = 120;
const STEP = 4;

/** Where a type is written: docblock prefix width, indentation of its lines after it, first column, what follows it on its last line. */
interface Place {
  prefix: number;
  indent: number;
  column: number;
  tail: number;
}

const spaces = (count: number) => ' '.repeat(count);
const lastLine = (text: string) => text.slice(text.lastIndexOf('\n') + 1);

/** The type from `place.column`; its later lines start with their indentation (the docblock adds its prefix). */
export function layout(type: PhpType, place: Place): string {
  const text = flat(type);
  if (place.column + text.length + place.tail <= LINE_WIDTH) return text;
  switch (type.kind) {
    case 'name':
      return text;
    case 'list':
      return `list<${layout(type.item, { ...place, column: place.column + 'list<'.length, tail: place.tail + 1 })}>`;
    case 'map':
      return `array<string, ${layout(type.value, { ...place, column: place.column + 'array<string, '.length, tail: place.tail + 1 })}>`;
    case 'shape':
      return layoutShape(type.fields, place);
    case 'union':
      return layoutUnion(type.members, place);
  }
}

function layoutShape(fields: Extract<PhpType, { kind: 'shape' }>['fields'], place: Place): string {
  const indent = place.indent + STEP;
  const lines = fields.map((field, index) => {
    const key = `${shapeKey(field)}: `;
    const tail = index === fields.length - 1 ? 0 : 1;
    return spaces(indent) + key + layout(field.type, { prefix: place.prefix, indent, column: place.prefix + indent + key.length, tail });
  });
  return `array{\n${lines.join(',\n')}\n${spaces(place.indent)}}`;
}

/** `A|B` where only the members break (`array{…}|null`); in packed parentheses when a line would still be too long. */
function layoutUnion(members: PhpType[], place: Place): string {
  let column = place.column;
  const parts = members.map((member, index) => {
    const text = layout(member, { ...place, column, tail: index === members.length - 1 ? place.tail : 1 });
    column = text.includes('\n') ? place.prefix + lastLine(text).length + 1 : column + text.length + 1;
    return text;
  });
  const joined = parts.join('|');
  return fitsFrom(joined, place) ? joined : parenthesized(members, place);
}

function fitsFrom(text: string, place: Place): boolean {
  const lines = text.split('\n');
  return lines.every((line, index) => {
    const start = index === 0 ? place.column : place.prefix;
    const tail = index === lines.length - 1 ? place.tail : 0;
    return start + line.length + tail <= LINE_WIDTH;
  });
}

function parenthesized(members: PhpType[], place: Place): string {
  const indent = place.indent + STEP;
  const lines: string[] = [];
  let current = '';
  members.forEach((member, index) => {
    const separator = index === 0 ? '' : '|';
    const text = flat(member);
    if (current !== '' && place.prefix + lastLine(current).length + separator.length + text.length <= LINE_WIDTH) {
      current += separator + text;
      return;
    }
    if (current !== '') lines.push(current);
    const column = place.prefix + indent + separator.length;
    current = spaces(indent) + separator + layout(member, { prefix: place.prefix, indent, column, tail: 0 });
  });
  lines.push(current);
  return `(\n${lines.join('\n')}\n${spaces(place.indent)})`;
}

/** `@tag type rest`, the type laid out after the tag in a docblock whose lines start `prefix` columns in. */
export function typeTag(tag: string, type: PhpType, rest: string, prefix: number): string {
  const head = `${tag} `;
  const after = rest === '' ? '' : ` ${rest}`;
  return head + layout(type, { prefix, indent: 0, column: prefix + head.length, tail: after.length }) + after;
}

/** Prose as docblock lines of at most `width` characters, continuation lines indented by `hang`. */
export function wrap(text: string, width: number, hang = ''): string[] {
  const words = text.replace(/\*\//gu, '*\\/').split(/\s+/u).filter(Boolean);
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const candidate = current === '' ? word : `${current} ${word}`;
    if (current !== '' && (lines.length === 0 ? 0 : hang.length) + candidate.length > width) {
      lines.push(current);
      current = word;
    } else current = candidate;
  }
  if (current !== '') lines.push(current);
  return lines.map((line, index) => (index === 0 ? line : hang + line));
}

/** A docblock at `indent`; entries may span lines, an empty entry is a blank docblock line. */
export function docblock(entries: string[], indent: string): string {
  const lines = entries.flatMap((entry) => entry.split('\n')).map((line) => (line === '' ? `${indent} *` : `${indent} * ${line}`));
  return [`${indent}/**`, ...lines, `${indent} */`].join('\n');
}
