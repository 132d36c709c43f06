// `node scripts/parallel.mjs a b …` runs the npm scripts a, b, … at once (typecheck and lint
// are single-threaded: on two cores, side by side they take the time of the longer). Each
// one's output is printed whole when it ends, so the outputs never interleave; the exit code
// is the first failure's.
import { spawn } from 'node:child_process';
import process from 'node:process';

const runs = process.argv.slice(2).map(
  (script) =>
    new Promise((resolve) => {
      const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('close', (code) => {
        process.stdout.write(`== ${script}: ${code === 0 ? 'ok' : `failed (exit ${code})`}\n${output}`);
        resolve(code ?? 1);
      });
    }),
);
const codes = await Promise.all(runs);
process.exitCode = codes.find((code) => code !== 0) ?? 0;
