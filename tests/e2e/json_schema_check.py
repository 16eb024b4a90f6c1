#!/usr/bin/env python3
"""json_schema_check.py -- validate JSON documents against a JSON Schema
(the subset docs/gpumc-report.schema.json uses), with the standard library
only.

    json_schema_check.py SCHEMA.json DOC.json...

Supported keywords: $ref (local "#/$defs/NAME"), oneOf, anyOf, allOf,
if/then/else, type (a name or a list), const, enum, properties, required,
additionalProperties (boolean or schema), items, minItems, maxItems,
minimum, minLength, pattern; the
annotations $schema, $id, title, description, $defs are ignored.  Any
other keyword is an error, so the schema can never rely on a check that
silently does not happen here.  Exit 0 when every document is valid, 1
otherwise (each violation printed with its JSON path).
"""
import json
import re
import sys

ANNOTATIONS = {"$schema", "$id", "title", "description", "$defs"}
CHECKED = {"$ref", "oneOf", "anyOf", "allOf", "if", "then", "else", "type",
           "const", "enum", "properties", "required", "additionalProperties",
           "items", "minItems", "maxItems", "minimum", "minLength", "pattern"}


def type_ok(value, name):
    if name == "object":
        return isinstance(value, dict)
    if name == "array":
        return isinstance(value, list)
    if name == "string":
        return isinstance(value, str)
    if name == "boolean":
        return isinstance(value, bool)
    if name == "null":
        return value is None
    if name == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if name == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    raise ValueError("unknown type name %r in the schema" % name)


def same(a, b):
    """JSON equality: true is not 1."""
    return isinstance(a, bool) == isinstance(b, bool) and a == b


class Checker:
    def __init__(self, root):
        self.root = root

    def resolve(self, ref):
        if not ref.startswith("#/"):
            raise ValueError("only local $ref are supported: %s" % ref)
        node = self.root
        for part in ref[2:].split("/"):
            node = node[part]
        return node

    def check(self, value, schema, path, errors):
        unknown = set(schema) - ANNOTATIONS - CHECKED
        if unknown:
            raise ValueError("%s: unsupported schema keywords %s" % (path, sorted(unknown)))
        if "$ref" in schema:
            self.check(value, self.resolve(schema["$ref"]), path, errors)
        for key in ("oneOf", "anyOf"):
            if key in schema:
                self.check_alternatives(value, schema[key], key, path, errors)
        for sub in schema.get("allOf", []):
            self.check(value, sub, path, errors)
        if "if" in schema:
            self.check_conditional(value, schema, path, errors)
        if "type" in schema:
            names = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
            if not any(type_ok(value, n) for n in names):
                errors.append("%s: %r is not of type %s" % (path, value, "/".join(names)))
                return
        if "const" in schema and not same(value, schema["const"]):
            errors.append("%s: %r is not %r" % (path, value, schema["const"]))
        if "enum" in schema and not any(same(value, e) for e in schema["enum"]):
            errors.append("%s: %r is not one of %r" % (path, value, schema["enum"]))
        if isinstance(value, dict):
            self.check_object(value, schema, path, errors)
        if isinstance(value, list):
            self.check_array(value, schema, path, errors)
        if "minimum" in schema and type_ok(value, "number") and value < schema["minimum"]:
            errors.append("%s: %r is below %r" % (path, value, schema["minimum"]))
        if "minLength" in schema and isinstance(value, str) and len(value) < schema["minLength"]:
            errors.append("%s: %r is shorter than %d" % (path, value, schema["minLength"]))
        if "pattern" in schema and isinstance(value, str) and not re.search(schema["pattern"], value):
            errors.append("%s: %r does not match /%s/" % (path, value, schema["pattern"]))

    def check_conditional(self, value, schema, path, errors):
        """if/then/else: then applies when value is valid against if."""
        probe = []
        self.check(value, schema["if"], path, probe)
        branch = "else" if probe else "then"
        if branch in schema:
            self.check(value, schema[branch], path, errors)

    def check_alternatives(self, value, alternatives, key, path, errors):
        passing, why = 0, []
        for i, alt in enumerate(alternatives):
            sub = []
            self.check(value, alt, path, sub)
            passing += not sub
            why += ["  (alternative %d) %s" % (i, e) for e in sub[:5]]
        if (key == "oneOf" and passing != 1) or (key == "anyOf" and passing == 0):
            errors.append("%s: matches %d of the %s alternatives%s\n%s" % (
                path, passing, key, ", not exactly 1" if key == "oneOf" else "",
                "\n".join(why)))

    def check_object(self, value, schema, path, errors):
        props = schema.get("properties", {})
        for name in schema.get("required", []):
            if name not in value:
                errors.append("%s: missing required property %r" % (path, name))
        extra = schema.get("additionalProperties", True)
        for name, item in value.items():
            sub_path = "%s.%s" % (path, name)
            if name in props:
                self.check(item, props[name], sub_path, errors)
            elif extra is False:
                errors.append("%s: property not in the schema" % sub_path)
            elif isinstance(extra, dict):
                self.check(item, extra, sub_path, errors)

    def check_array(self, value, schema, path, errors):
        if "minItems" in schema and len(value) < schema["minItems"]:
            errors.append("%s: fewer than %d items" % (path, schema["minItems"]))
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            errors.append("%s: more than %d items" % (path, schema["maxItems"]))
        if "items" in schema:
            for i, item in enumerate(value):
                self.check(item, schema["items"], "%s[%d]" % (path, i), errors)


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    with open(argv[1]) as f:
        schema = json.load(f)
    checker = Checker(schema)
    bad = 0
    for doc_path in argv[2:]:
        with open(doc_path) as f:
            doc = json.load(f)
        errors = []
        checker.check(doc, schema, "$", errors)
        for e in errors:
            print("%s: %s" % (doc_path, e))
        bad += bool(errors)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
