/**
 * The length of every function of a package, read with the TypeScript compiler's own parser: the
 * architecture tests hold functions to a bound so that each reads in one sitting. Functions,
 * methods, constructors, accessors, function expressions and arrow functions count; a nested
 * function counts on its own and inside the one around it.
 */
import { relative, resolve } from 'node:path';

/** One function of a source file: where it starts, what it is called, how many lines it spans. */
export interface FunctionLength {
  /** Path relative to the source folder. */
  file: string;
  /** 1-based line of its first token (a leading comment is not counted). */
  line: number;
  /** The declared name, the variable or property it is assigned to, or `(anonymous)`. */
  name: string;
  lines: number;
}

/** SyntaxKind values of the compiler's AST (stable within a major version) for function-like nodes. */
interface SyntaxKinds {
  MethodDeclaration: number;
  Constructor: number;
  GetAccessor: number;
  SetAccessor: number;
  FunctionExpression: number;
  ArrowFunction: number;
  FunctionDeclaration: number;
  VariableDeclaration: number;
  PropertyAssignment: number;
  PropertyDeclaration: number;
}

interface AstNode {
  kind: number;
  pos: number;
  end: number;
  name?: AstNode;
  text?: string;
  parent?: AstNode;
  forEachChild<T>(visit: (node: AstNode) => T): T | undefined;
}

/**
 * Every function under `srcDir` (the files of the project `tsconfig` that lie there), longest
 * first. Starts the compiler's API process once and closes it.
 */
export async function functionLengths(tsconfig: string, srcDir: string): Promise<FunctionLength[]> {
  const { API } = await import('typescript/unstable/sync');
  const { SyntaxKind } = (await import('typescript/unstable/ast')) as unknown as { SyntaxKind: SyntaxKinds };
  const root = resolve(srcDir);
  const api = new API({ cwd: root });
  try {
    const snapshot = api.updateSnapshot({ openProjects: [resolve(tsconfig)] });
    const found: FunctionLength[] = [];
    for (const project of snapshot.getProjects()) {
      for (const fileName of project.program.getSourceFileNames()) {
        const file = relative(root, fileName);
        if (file.startsWith('..') || !file.endsWith('.ts') || file.endsWith('.d.ts')) continue;
        const source = project.program.getSourceFile(fileName);
        if (!source) continue;
        const text = source.text;
        const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line;
        const visit = (node: AstNode): undefined => {
          if (isFunction(SyntaxKind, node.kind)) {
            const start = firstTokenAt(text, node.pos);
            found.push({
              file,
              line: lineOf(start) + 1,
              name: nameOf(SyntaxKind, node),
              lines: lineOf(node.end) - lineOf(start) + 1,
            });
          }
          node.forEachChild(visit);
          return undefined;
        };
        (source as unknown as AstNode).forEachChild(visit);
      }
    }
    return found.sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file) || a.line - b.line);
  } finally {
    api.close();
  }
}

function isFunction(kinds: SyntaxKinds, kind: number): boolean {
  return (
    kind === kinds.FunctionDeclaration ||
    kind === kinds.MethodDeclaration ||
    kind === kinds.Constructor ||
    kind === kinds.GetAccessor ||
    kind === kinds.SetAccessor ||
    kind === kinds.FunctionExpression ||
    kind === kinds.ArrowFunction
  );
}

function nameOf(kinds: SyntaxKinds, node: AstNode): string {
  const own = node.name?.text;
  if (own) return own;
  if (node.kind === kinds.Constructor) return 'constructor';
  const parent = node.parent;
  if (
    parent &&
    (parent.kind === kinds.VariableDeclaration ||
      parent.kind === kinds.PropertyAssignment ||
      parent.kind === kinds.PropertyDeclaration) &&
    parent.name?.text
  ) {
    return parent.name.text;
  }
  return '(anonymous)';
}

/** Skips the whitespace and comments before a node (its `pos` includes them). */
function firstTokenAt(text: string, pos: number): number {
  let at = pos;
  for (;;) {
    while (at < text.length && /\s/.test(text[at] as string)) at++;
    if (text.startsWith('//', at)) {
      const end = text.indexOf('\n', at);
      at = end < 0 ? text.length : end + 1;
    } else if (text.startsWith('/*', at)) {
      const end = text.indexOf('*/', at + 2);
      at = end < 0 ? text.length : end + 2;
    } else {
      return at;
    }
  }
}

/**
 * The functions longer than `maxLines` that are not in `allowed` (keys `file:name`), and the
 * allowed ones that no longer exceed it (so the list of exceptions shrinks with the code), as
 * readable lines.
 */
export function overlongFunctions(
  lengths: readonly FunctionLength[],
  maxLines: number,
  allowed: Readonly<Record<string, string>>,
): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const f of lengths) {
    if (f.lines <= maxLines) continue;
    const key = `${f.file}:${f.name}`;
    seen.add(key);
    if (!(key in allowed)) problems.push(`${f.file}:${f.line} ${f.name} has ${f.lines} lines (at most ${maxLines})`);
  }
  for (const key of Object.keys(allowed)) {
    if (!seen.has(key)) problems.push(`${key} is listed as an exception but no longer exceeds ${maxLines} lines`);
  }
  return problems;
}
