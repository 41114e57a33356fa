// openapi.yaml as validators: finds the operation and documented response of an answer and checks its status,
// content type, headers and body with ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1).
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import YAML from 'yaml';

const SPEC_ID = 'https://gpurec.invalid/openapi';
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

// The spec's schemas point at '#/components/schemas/X'; ajv sees them as $defs of one schema document.
function rewriteRefs(node) {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (node === null || typeof node !== 'object') return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/'))
      out[key] = `${SPEC_ID}#/$defs/${value.slice('#/components/schemas/'.length)}`;
    else out[key] = rewriteRefs(value);
  }
  return out;
}

export class Spec {
  constructor(path) {
    this.doc = YAML.parse(readFileSync(path, 'utf8'));
    this.ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: SPEC_ID, $defs: rewriteRefs(this.doc.components.schemas) });
    this.cache = new Map();
    this.templates = Object.keys(this.doc.paths).map((template) => ({
      template,
      regex: new RegExp('^' + template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+') + '$'),
    }));
  }

  // Follows a '#/components/...' reference of the OpenAPI document itself (responses, parameters, headers).
  resolve(node) {
    while (node && typeof node === 'object' && typeof node.$ref === 'string' && !node.$ref.includes('/schemas/')) {
      node = node.$ref.slice(2).split('/').reduce((at, part) => at?.[part.replace(/~1/g, '/').replace(/~0/g, '~')],
                                                   this.doc);
      if (node === undefined) throw new Error('unresolvable reference in openapi.yaml');
    }
    return node;
  }

  validator(schema) {
    const key = JSON.stringify(schema);
    let validate = this.cache.get(key);
    if (!validate) {
      validate = this.ajv.compile(rewriteRefs(schema));
      this.cache.set(key, validate);
    }
    return validate;
  }

  // Errors of value against schema, as short lines; [] when valid.
  check(schema, value) {
    const validate = this.validator(schema);
    if (validate(value)) return [];
    return validate.errors.slice(0, 8).map((e) => `${e.instancePath || '(root)'} ${e.message}` +
      (e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''));
  }

  schemaOf(name) {
    return { $ref: `#/components/schemas/${name}` };
  }

  // The path template of a concrete path, or undefined.
  template(path) {
    return this.templates.find((t) => t.regex.test(path))?.template;
  }

  operation(method, path) {
    const template = this.template(path);
    if (!template) return undefined;
    const item = this.doc.paths[template];
    const op = item[method.toLowerCase()];
    if (!op) return undefined;
    return { template, item, op, key: `${method.toUpperCase()} ${template}` };
  }

  operations() {
    const list = [];
    for (const [template, item] of Object.entries(this.doc.paths))
      for (const method of METHODS)
        if (item[method]) list.push({ template, method: method.toUpperCase(), op: item[method] });
    return list;
  }

  // Parameter objects of an operation (path-level first), resolved.
  parameters(template, op) {
    const item = this.doc.paths[template];
    return [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p) => this.resolve(p));
  }

  // Checks an answer against a response object of the spec; returns a list of problems.
  checkResponse(responseSpec, answer) {
    try {
      return this.responseProblems(responseSpec, answer);
    } catch (error) {
      return [`the spec cannot check it: ${error.message}`];
    }
  }

  responseProblems(responseSpec, answer) {
    const problems = [];
    const spec = this.resolve(responseSpec);
    for (const [name, headerRef] of Object.entries(spec.headers ?? {})) {
      const header = this.resolve(headerRef);
      const value = answer.headers.get(name);
      if (value === null) {
        if (header.required) problems.push(`header ${name} is missing`);
        continue;
      }
      if (header.schema)
        for (const e of this.check(header.schema, value)) problems.push(`header ${name}: "${value}" ${e}`);
    }
    const contentType = answer.headers.get('content-type');
    const content = spec.content ?? {};
    if (Object.keys(content).length === 0) {
      if (answer.text.length > 0) problems.push(`a body of ${answer.text.length} bytes where the spec has none`);
      return problems;
    }
    if (answer.method === 'HEAD') return problems;
    const mediaKey = Object.keys(content).find((k) => k.toLowerCase() === (contentType ?? '').toLowerCase());
    if (!mediaKey) {
      problems.push(`content type "${contentType}" is not one of: ${Object.keys(content).join(', ')}`);
      return problems;
    }
    const schema = content[mediaKey].schema;
    if (!schema) return problems;
    let body = answer.text;
    if (/json/.test(mediaKey)) {
      try {
        body = JSON.parse(answer.text);
      } catch (error) {
        problems.push(`the body is not JSON: ${error.message}`);
        return problems;
      }
    }
    for (const e of this.check(schema, body)) problems.push(`body ${e}`);
    return problems;
  }
}
