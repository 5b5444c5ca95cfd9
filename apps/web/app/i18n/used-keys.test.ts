import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type QuizPage, quizFlow, quizTopics } from "@kinderready/domain/onboarding/quiz-flow";
import type { Expression, Node, SourceFile } from "typescript/unstable/ast";
import {
  isCallExpression,
  isConditionalExpression,
  isIdentifier,
  isJsxAttribute,
  isJsxExpression,
  isNoSubstitutionTemplateLiteral,
  isParenthesizedExpression,
  isPropertyAccessExpression,
  isStringLiteral,
  isTemplateExpression,
} from "typescript/unstable/ast/is";
import { API, type Checker, type Type, TypeFlags } from "typescript/unstable/sync";
import { afterAll, describe, expect, it } from "vitest";

// Every key the web app's source passes to t() or <Trans i18nKey>, literal or built from a template,
// must be a message of the English catalogue (the console's, for console code). A template's parts
// are expanded from their types (`quiz.pages.${id}.text` with every page id), so a combination no
// catalogue has is named here with its file and line; a part typed as any string cannot be checked
// and fails too. A key known only at run time goes through ifKnown(), which is checked when it runs.

const root = fileURLToPath(new URL("../../../../", import.meta.url));
const webApp = `${root}apps/web/`;

function messageKeys(folder: string): Set<string> {
  const keys = new Set<string>();
  const walk = (node: unknown, path: string) => {
    if (typeof node === "object" && node !== null) {
      for (const [key, value] of Object.entries(node)) walk(value, path ? `${path}.${key}` : key);
    } else {
      keys.add(path);
      // A plural message is asked for by its base, with a count.
      keys.add(path.replace(/_(zero|one|two|few|many|other)$/, ""));
    }
  };
  walk(JSON.parse(readFileSync(`${root}packages/i18n/${folder}/en.json`, "utf8")), "");
  return keys;
}

/** The strings a type stands for, or undefined when it is not a finite set of literals. */
function literalsOf(type: Type | undefined): string[] | undefined {
  if (!type) return undefined;
  if (type.flags & TypeFlags.StringOrNumberLiteral) return [String((type as Type & { value: unknown }).value)];
  if (type.flags & TypeFlags.Union) {
    const parts = (type as Type & { getTypes(): readonly Type[] }).getTypes().map(literalsOf);
    return parts.every((part) => part !== undefined) ? parts.flat() : undefined;
  }
  return undefined;
}

/** Every key an argument can be, or undefined when some part of it is an unbounded string. */
function keysOf(node: Expression, checker: Checker): string[] | undefined {
  if (isStringLiteral(node) || isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (isParenthesizedExpression(node)) return keysOf(node.expression, checker);
  if (isConditionalExpression(node)) {
    const [whenTrue, whenFalse] = [keysOf(node.whenTrue, checker), keysOf(node.whenFalse, checker)];
    return whenTrue && whenFalse ? [...whenTrue, ...whenFalse] : undefined;
  }
  if (isTemplateExpression(node)) {
    let keys: string[] | undefined = [node.head.text];
    for (const span of node.templateSpans) {
      const values = literalsOf(checker.getTypeAtLocation(span.expression));
      if (!values || !keys) return undefined;
      const before: string[] = keys;
      keys = before.flatMap((start) => values.map((value) => `${start}${value}${span.literal.text}`));
    }
    return keys;
  }
  return literalsOf(checker.getTypeAtLocation(node));
}

/** The key arguments of one file: each t(...) call's first argument and each i18nKey={...}. */
function keyArguments(file: SourceFile): Expression[] {
  const found: Expression[] = [];
  const visit = (node: Node): undefined => {
    if (isCallExpression(node)) {
      const callee = node.expression;
      const name = isIdentifier(callee) ? callee.text : isPropertyAccessExpression(callee) ? callee.name.text : "";
      const [key] = node.arguments;
      if (name === "t" && key) found.push(key);
    }
    if (isJsxAttribute(node) && isIdentifier(node.name) && node.name.text === "i18nKey" && node.initializer) {
      const value = node.initializer;
      if (isStringLiteral(value)) found.push(value);
      else if (isJsxExpression(value) && value.expression) found.push(value.expression);
    }
    node.forEachChild(visit);
  };
  visit(file);
  return found;
}

describe("keys used by the web app's source", () => {
  const api = new API({ cwd: root });
  afterAll(() => api.close());
  const project = api.updateSnapshot({ openProjects: [`${webApp}tsconfig.json`] }).getProjects()[0];
  if (!project) throw new Error("The web app's tsconfig.json did not open as a project");
  const parents = messageKeys("catalogues");
  const consoleKeys = messageKeys("console-catalogues");
  const sources = project.program
    .getSourceFileNames()
    .filter(
      (name) => /^apps\/web\/(app|server)\/.*\.tsx?$/.test(name.slice(root.length)) && !/\.test\.tsx?$/.test(name),
    );

  const problems: string[] = [];
  let checked = 0;
  for (const name of sources) {
    const file = project.program.getSourceFile(name);
    if (!file) continue;
    const path = name.slice(root.length);
    // Console code speaks from the console's catalogue; a `console:` prefix reaches it from anywhere.
    const consoleCode = path.includes("/console/") || file.text.includes('useTranslation("console")');
    for (const argument of keyArguments(file)) {
      const where = `${path}:${file.getLineAndCharacterOfPosition(argument.getStart(file)).line + 1}`;
      const keys = keysOf(argument, project.checker);
      if (!keys) {
        problems.push(`${where} ${argument.getText(file)} is not a fixed set of keys`);
        continue;
      }
      for (const key of keys) {
        checked += 1;
        const [catalogue, bare] = key.startsWith("console:")
          ? [consoleKeys, key.slice("console:".length)]
          : [consoleCode ? consoleKeys : parents, key];
        if (!catalogue.has(bare))
          problems.push(
            `${where} ${key} is missing from ${catalogue === consoleKeys ? "console-catalogues" : "catalogues"}/en.json`,
          );
      }
    }
  }

  it("finds the app's keys", () => {
    expect(sources.length).toBeGreaterThan(50);
    expect(checked).toBeGreaterThan(400);
  });

  it("finds every key in its catalogue", () => {
    expect(problems).toEqual([]);
  });

  // The quiz's answer labels and topics are plain strings in the flow's data, looked up with
  // ifKnown() when shown; here they are held to the catalogue.
  it("has a message for every answer label and topic of the quiz", () => {
    const labels = (quizFlow as readonly QuizPage[]).flatMap((page) =>
      "options" in page ? page.options.map((option) => option.label) : [],
    );
    const missing = [...labels, ...quizTopics.map((topic) => `purchase.topics.${topic}`)].filter(
      (key) => !parents.has(key),
    );
    expect(labels.length).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });
});
