<?php

/**
 * Parses every docblock of the given PHP files with PHPStan's own PHPDoc parser (Debian's
 * php-phpstan-phpdoc-parser) and prints each tag it cannot read: an array shape that does not
 * parse is one that PHPStan, Psalm and IDEs silently ignore. Exit code 1 when one does not parse.
 * Usage: php scripts/php/check-phpdoc.php FILE…
 */

declare(strict_types=1);

require '/usr/share/php/PHPStan/PhpDocParser/autoload.php';

use PHPStan\PhpDocParser\Ast\PhpDoc\InvalidTagValueNode;
use PHPStan\PhpDocParser\Lexer\Lexer;
use PHPStan\PhpDocParser\Parser\ConstExprParser;
use PHPStan\PhpDocParser\Parser\PhpDocParser;
use PHPStan\PhpDocParser\Parser\TokenIterator;
use PHPStan\PhpDocParser\Parser\TypeParser;

$lexer = new Lexer();
$constants = new ConstExprParser();
$parser = new PhpDocParser(new TypeParser($constants), $constants);
$tags = 0;
$invalid = 0;
foreach (array_slice($argv, 1) as $file) {
    foreach (token_get_all((string) file_get_contents($file)) as $token) {
        if (!is_array($token) || $token[0] !== T_DOC_COMMENT) {
            continue;
        }
        foreach ($parser->parse(new TokenIterator($lexer->tokenize($token[1])))->getTags() as $tag) {
            $tags++;
            if ($tag->value instanceof InvalidTagValueNode) {
                $invalid++;
                echo "$file:{$token[2]}: {$tag->name} {$tag->value->exception->getMessage()}\n";
            }
        }
    }
}
echo "$tags tags, $invalid that do not parse\n";
exit($invalid === 0 ? 0 : 1);
