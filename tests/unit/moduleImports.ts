import ts from "typescript";

/**
 * The modules a script names: `import ... from`, `export ... from`, `import("...")` and `typeof import("...")` with a
 * literal specifier, type-only ones included. `import type` and `export type` load nothing at run time, but they
 * still tie two modules together: neither can be read, moved or tested without the other, and an engine whose result
 * types sit in a feature above it is not an engine. So the import-cycle test (importCycles.test.ts) and the search
 * engine's boundary (searchEngine.test.ts) count them as much as the imports that run.
 */
export function moduleImports(script: string, fileName = "module.tsx"): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments;
      if (specifier && ts.isStringLiteralLike(specifier)) found.push(specifier.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(fileName, script, ts.ScriptTarget.Latest, false, fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS));
  return found;
}
