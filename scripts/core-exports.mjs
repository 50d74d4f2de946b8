// Which exports of core/src are used: `node scripts/core-exports.mjs [--unused] [--json]`.
// An export counts as used when a non-test file outside the module that declares it imports it, from any
// workspace, directly or through a re-export (`export * from`, `export { x } from`). Tests do not count:
// a name only a test reads is still dead. Prints `used/total` and, with --unused, the unused names by module.
// Parsing only (TypeScript's parser, no type-check), so it takes a second.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CORE_PACKAGE = '@punter/core/';
const SCANNED = ['core', 'emulator', 'provider', 'functions', 'web', 'e2e', 'security', 'scripts'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', '.git', '.firebase']);
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;

function isTestFile(root, file) {
  return /\.test\.[cm]?[jt]sx?$/.test(file) || /[/\\](test|tests)[/\\]/.test(relative(root, file));
}

function walk(dir, skipped, out = []) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (SKIPPED_DIRS.has(name) || skipped.has(path)) continue;
    if (statSync(path).isDirectory()) walk(path, skipped, out);
    else if (SOURCE.test(name) && !name.endsWith('.d.ts') && !name.endsWith('.d.mts')) out.push(path);
  }
  return out;
}

/** The core module a specifier names, as an absolute .ts path, or undefined for anything else. */
function resolveCore(coreSrc, specifier, fromFile) {
  let base;
  if (specifier.startsWith(CORE_PACKAGE)) base = join(coreSrc, specifier.slice(CORE_PACKAGE.length));
  else if (specifier.startsWith('.')) base = resolve(dirname(fromFile), specifier);
  else return undefined;
  for (const candidate of [base, `${base}.ts`, join(base, 'index.ts')]) {
    if (candidate.startsWith(coreSrc) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

const hasExport = (node) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** Declared exports, re-exports and imports of one file. */
function parse(coreSrc, file) {
  const resolveCoreFrom = (specifier, from) => resolveCore(coreSrc, specifier, from);
  const text = readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const declared = new Set();
  /** [exportedName, localName] of `export { local as exported }` without a module: local names declared here. */
  const localExports = [];
  const reexports = []; // { module, names: [[exported, imported]] | '*' }
  const imports = []; // { module, names: string[] | '*' (namespace or dynamic: every word of the file) }
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const module = resolveCoreFrom(node.moduleSpecifier.text, file);
      const bindings = node.importClause?.namedBindings;
      if (module && bindings && ts.isNamedImports(bindings)) {
        imports.push({ module, names: bindings.elements.map((e) => (e.propertyName ?? e.name).text) });
      } else if (module && bindings && ts.isNamespaceImport(bindings)) imports.push({ module, names: '*' });
    } else if (ts.isExportDeclaration(node)) {
      const module =
        node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)
          ? resolveCoreFrom(node.moduleSpecifier.text, file)
          : undefined;
      const clause = node.exportClause;
      if (node.moduleSpecifier) {
        if (module) {
          reexports.push({
            module,
            names:
              clause && ts.isNamedExports(clause)
                ? clause.elements.map((e) => [e.name.text, (e.propertyName ?? e.name).text])
                : '*',
          });
        }
      } else if (clause && ts.isNamedExports(clause)) {
        for (const e of clause.elements) localExports.push([e.name.text, (e.propertyName ?? e.name).text]);
      }
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const arg = node.arguments[0];
      const module = arg && ts.isStringLiteral(arg) ? resolveCoreFrom(arg.text, file) : undefined;
      if (module) imports.push({ module, names: '*' });
    } else if (hasExport(node) && node.parent === sf) {
      if (ts.isVariableStatement(node)) {
        for (const d of node.declarationList.declarations) if (ts.isIdentifier(d.name)) declared.add(d.name.text);
      } else if (node.name && ts.isIdentifier(node.name)) declared.add(node.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  // `const x = ...; export { x }` declares x here; `import { y } from './a'; export { y }` re-exports it.
  const importedLocals = new Map();
  for (const stmt of sf.statements) {
    if (!ts.isImportDeclaration(stmt) || !ts.isStringLiteral(stmt.moduleSpecifier)) continue;
    const module = resolveCoreFrom(stmt.moduleSpecifier.text, file);
    const bindings = stmt.importClause?.namedBindings;
    if (module && bindings && ts.isNamedImports(bindings)) {
      for (const e of bindings.elements) importedLocals.set(e.name.text, { module, name: (e.propertyName ?? e.name).text });
    }
  }
  for (const [exported, local] of localExports) {
    const from = importedLocals.get(local);
    if (from) reexports.push({ module: from.module, names: [[exported, from.name]] });
    else declared.add(exported);
  }
  const words = new Set(text.match(/[A-Za-z_$][\w$]*/g) ?? []);
  return { declared, reexports, imports, words };
}

/** Used and unused exports of `<root>/core/src`, from the source files of `<root>`'s workspaces. */
export function analyse(root = repoRoot) {
  const coreSrc = join(root, 'core', 'src');
  // Build output of the functions (compiled JavaScript of functions/src).
  const skipped = new Set([join(root, 'functions', 'lib')]);
  const files = SCANNED.flatMap((ws) => walk(join(root, ws), skipped));
  const parsed = new Map(files.map((file) => [file, parse(coreSrc, file)]));
  const coreFiles = files.filter((f) => f.startsWith(coreSrc) && !isTestFile(root, f));

  /** Where an exported name of a module is declared: [module, name], following re-exports. */
  const origin = (module, name, seen = new Set()) => {
    const key = `${module}#${name}`;
    if (seen.has(key)) return undefined;
    seen.add(key);
    const info = parsed.get(module);
    if (!info) return undefined;
    if (info.declared.has(name)) return [module, name];
    for (const r of info.reexports) {
      if (r.names === '*') {
        const found = origin(r.module, name, seen);
        if (found) return found;
      } else {
        for (const [exported, imported] of r.names) if (exported === name) return origin(r.module, imported, seen);
      }
    }
    return undefined;
  };
  /** Every exported name of a module, its own and re-exported. */
  const exportedNames = (module, seen = new Set()) => {
    if (seen.has(module)) return [];
    seen.add(module);
    const info = parsed.get(module);
    if (!info) return [];
    const names = [...info.declared];
    for (const r of info.reexports) names.push(...(r.names === '*' ? exportedNames(r.module, seen) : r.names.map(([e]) => e)));
    return names;
  };

  const used = new Set();
  for (const [file, info] of parsed) {
    if (isTestFile(root, file)) continue;
    for (const imp of info.imports) {
      const names = imp.names === '*' ? exportedNames(imp.module).filter((n) => info.words.has(n)) : imp.names;
      for (const name of names) {
        const found = origin(imp.module, name);
        if (found && found[0] !== file) used.add(`${relative(root, found[0])}#${found[1]}`);
      }
    }
  }
  const modules = coreFiles.map((file) => {
    const names = [...parsed.get(file).declared].sort();
    const rel = relative(root, file);
    return { module: rel, total: names.length, unused: names.filter((n) => !used.has(`${rel}#${n}`)) };
  });
  const total = modules.reduce((sum, m) => sum + m.total, 0);
  const unused = modules.reduce((sum, m) => sum + m.unused.length, 0);
  return { used: total - unused, total, modules };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = analyse();
  if (process.argv.includes('--json')) console.log(JSON.stringify(result, null, 2));
  else {
    if (process.argv.includes('--unused')) {
      for (const m of result.modules)
        if (m.unused.length > 0) console.log(`${m.module} (${m.unused.length}/${m.total} unused): ${m.unused.join(', ')}`);
    }
    console.log(`core exports used: ${result.used}/${result.total}`);
  }
}
