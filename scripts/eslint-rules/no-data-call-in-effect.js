/**
 * One data layer (issue #31 item 3): a screen loads through a query of shared/query and
 * writes through useMutateAndInvalidate (app/query), never by hand in a useEffect — a
 * hand-written loader caches nothing, shares nothing and never cancels its request.
 * Reports, inside the callback of a useEffect / useLayoutEffect, a call to fetch, ofetch
 * or $fetch, a method of the API client (`api.call(...)`, `host.api.call(...)`) and an
 * API function handed the client (`listUsers(api, ...)`, `fetchX(host.api, ...)`).
 */

const EFFECTS = new Set(['useEffect', 'useLayoutEffect']);
const FETCHES = new Set(['fetch', 'ofetch', '$fetch']);

/** `api` or `<anything>.api`. */
function isApiClient(node) {
  if (!node) return false;
  if (node.type === 'Identifier') return node.name === 'api';
  return (
    node.type === 'MemberExpression' &&
    !node.computed &&
    node.property.type === 'Identifier' &&
    node.property.name === 'api'
  );
}

function calleeName(callee) {
  if (callee.type === 'Identifier') return callee.name;
  if (callee.type === 'MemberExpression' && !callee.computed) return callee.property.name;
  return null;
}

/** What a call reaches, or null when it is no data call. */
function dataCall(node) {
  const callee = node.callee;
  if (callee.type === 'Identifier' && FETCHES.has(callee.name)) return callee.name;
  if (callee.type === 'MemberExpression') {
    if (isApiClient(callee.object)) return `${calleeName(callee) ?? 'a method'} of the API client`;
    if (
      callee.object.type === 'Identifier' &&
      FETCHES.has(callee.object.name) &&
      !callee.computed
    ) {
      return callee.object.name;
    }
  }
  if (node.arguments.some((argument) => isApiClient(argument))) {
    return `${calleeName(callee) ?? 'a function'} with the API client`;
  }
  return null;
}

function isEffectCall(node) {
  const name = calleeName(node.callee);
  if (!EFFECTS.has(name)) return false;
  return node.callee.type === 'Identifier' || node.callee.object.name === 'React';
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'No data call inside a useEffect: use a query or a mutation.' },
    schema: [],
    messages: {
      dataCall:
        'No data call ({{what}}) inside a useEffect: load through a query of shared/query with useDataQuery, write through useMutateAndInvalidate (app/query).',
    },
  },
  create(context) {
    /** The effect callbacks being walked (nested functions inside them count too). */
    const effects = [];
    return {
      CallExpression(node) {
        if (isEffectCall(node)) {
          const callback = node.arguments[0];
          if (
            callback &&
            (callback.type === 'ArrowFunctionExpression' || callback.type === 'FunctionExpression')
          ) {
            effects.push(callback);
          }
        }
        if (effects.length === 0) return;
        const what = dataCall(node);
        if (what) context.report({ node, messageId: 'dataCall', data: { what } });
      },
      ':function:exit'(node) {
        if (effects[effects.length - 1] === node) effects.pop();
      },
    };
  },
};
