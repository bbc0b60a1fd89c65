"""Validates JSON documents against one of Docs/schemas/ with the jsonschema library (Debian's
python3-jsonschema), formats checked:

  python3 scripts/lib/check_schema.py SCHEMA FILE...        each FILE one JSON document
  python3 scripts/lib/check_schema.py --lines SCHEMA FILE   each line of FILE one document (history.jsonl)

Prints every error as FILE[:LINE]: PATH: MESSAGE and exits 1 if there was any.
"""
import json
import sys

import jsonschema


def main(arguments):
    lines = arguments[0] == "--lines"
    if lines:
        arguments = arguments[1:]
    schema = json.load(open(arguments[0]))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)
    errors = 0
    checked = 0
    for path in arguments[1:]:
        documents = []
        if lines:
            for number, line in enumerate(open(path), 1):
                if line.strip():
                    documents.append((f"{path}:{number}", json.loads(line)))
        else:
            documents.append((path, json.load(open(path))))
        for where, document in documents:
            checked += 1
            for error in validator.iter_errors(document):
                location = "/".join(str(part) for part in error.absolute_path) or "(root)"
                print(f"{where}: {location}: {error.message}")
                errors += 1
    print(f"{checked} document(s), {errors} error(s)", file=sys.stderr)
    return 1 if errors or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
