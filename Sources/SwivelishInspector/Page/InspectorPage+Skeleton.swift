extension InspectorPage {
    /// The script's test skeleton: a range of steps as `TestStore` calls.
    static let skeletonScript = #"""
        // ---- A TestStore test of a range of steps, to copy and complete.
        const rangeFrom = document.getElementById("range-from");
        const rangeTo = document.getElementById("range-to");
        const skeleton = document.getElementById("skeleton");
        const copyStatus = document.getElementById("copy-status");

        /// Sets the range of shown positions (1-based, inclusive) the skeleton covers.
        function setRange(from, to) {
          if (shown.length === 0) {
            range = null;
            skeleton.textContent = "// No message in this trace.";
            return;
          }
          from = Math.max(1, Math.min(shown.length, from));
          to = Math.max(from, Math.min(shown.length, to));
          range = [from, to];
          rangeFrom.value = String(shown[from - 1].step);
          rangeTo.value = String(shown[to - 1].step);
          skeleton.textContent = testSkeleton(from, to);
          scheduleListRender();
        }

        /// The shown position of the first message whose step is at least `step`.
        function positionOfStep(step) {
          let low = 0;
          let high = shown.length;
          while (low < high) {
            const middle = (low + high) >> 1;
            if (shown[middle].step < step) low = middle + 1;
            else high = middle;
          }
          return low + 1;
        }

        function rangeFromInputs() {
          if (rangeFrom.value.trim() === "" || rangeTo.value.trim() === "") return; // still being typed
          const from = Number(rangeFrom.value);
          const to = Number(rangeTo.value);
          if (!Number.isFinite(from) || !Number.isFinite(to)) return;
          setRange(positionOfStep(from), Math.min(shown.length, positionOfStep(to + 1) - 1));
        }

        /// A Swift string literal.
        function swiftString(text) {
          let result = '"';
          for (const character of text) {
            const code = character.codePointAt(0);
            if (character === '"') result += '\\"';
            else if (character === "\\") result += "\\\\";
            else if (character === "\n") result += "\\n";
            else if (character === "\r") result += "\\r";
            else if (character === "\t") result += "\\t";
            else if (code < 0x20) result += "\\u{" + code.toString(16) + "}";
            else result += character;
          }
          return result + '"';
        }

        // ---- Writing values and changes as Swift. A trace written by a Swivelish that describes its state's
        // types (the records' `types`, gathered in data.types, and each change's `ids`) says which values are
        // optionals, enum cases, identified arrays and which struct each is: the skeleton writes each change
        // as a test does. An older trace says none of it: changes are written by position, values as JSON.

        const types = data.types || {};
        const hasTypes = Object.keys(types).length > 0;
        const stringTypes = new Set(["String", "Substring", "Character"]);
        const integerTypes = new Set(["Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32",
          "UInt64"]);
        const floatTypes = new Set(["Double", "Float", "Float16", "Float80", "CGFloat"]);
        /// Foundation's values whose fields are no initializer's parameters: written as placeholders.
        const opaqueTypes = new Set(["Date", "URL", "Data", "Decimal", "UUID", "Calendar", "Locale", "TimeZone"]);

        function isIdentifier(text) {
          return typeof text === "string" && /^[A-Za-z_][A-Za-z0-9_]*$/.test(text);
        }

        function isObject(value) {
          return value !== null && typeof value === "object" && !Array.isArray(value);
        }

        /// The type named `name` with its optionals unwrapped: `{name, info, optionals}`, `info` its description
        /// (undefined when the trace has none).
        function unwrapped(name) {
          let optionals = 0;
          let info = name === undefined ? undefined : types[name];
          while (info !== undefined && info.kind === "optional") {
            optionals++;
            name = info.wrapped;
            info = name === undefined ? undefined : types[name];
          }
          return { name, info, optionals };
        }

        /// An editor placeholder holding `value` as JSON, for a value the user must write: `<#Date: "…"#>`.
        function placeholder(value, typeName) {
          const text = (typeName ? typeName + ": " : "") + brief(value, 120);
          return "<#" + text.replace(/#>/g, "# >") + "#>";
        }

        /// A value as a literal when it is one (a string, a number, a boolean, nil), or a placeholder holding its
        /// JSON: what a trace without types allows.
        function jsonLiteral(value) {
          if (value === null) return "nil";
          if (typeof value === "string") return swiftString(value);
          if (typeof value === "number" || typeof value === "boolean") return String(value);
          return placeholder(value);
        }

        /// A value of the type named `typeName` as Swift writes it: a literal, a struct or class made with every
        /// field (its memberwise initializer), an enum case, an array or dictionary literal; a placeholder
        /// holding its JSON where it cannot be written (a value written as its description, such as a `Date`).
        function swiftValue(value, typeName) {
          if (value === null) return "nil";
          if (!hasTypes || typeName === undefined) return jsonLiteral(value);
          const { name, info } = unwrapped(typeName);
          switch (info === undefined || opaqueTypes.has(name) ? "leaf" : info.kind) {
            case "struct": {
              // A class has no memberwise initializer: it stays a placeholder.
              if (!isObject(value)) return placeholder(value, name);
              const parts = [];
              for (const key of Object.keys(value)) {
                const label = fieldName(key, info.fields[key]);
                if (label === null) return placeholder(value, name);
                parts.push(label + ": " + swiftValue(value[key], info.fields[key]));
              }
              return name + "(" + parts.join(", ") + ")";
            }
            case "tuple":
              return "(" + payloadArguments(value, info.fields) + ")";
            case "enum":
              return enumValue(value, name, info);
            case "array":
            case "set":
            case "identified":
              if (!Array.isArray(value)) return placeholder(value, name);
              return "[" + value.map((element) => swiftValue(element, info.element)).join(", ") + "]";
            case "dictionary": {
              if (!isObject(value)) return placeholder(value, name);
              const keys = Object.keys(value);
              if (keys.length === 0) return "[:]";
              return "[" + keys.map((key) => keyLiteral(key, info.key) + ": " + swiftValue(value[key], info.value))
                .join(", ") + "]";
            }
            default:
              return leafValue(value, name);
          }
        }

        /// A number, a string or a boolean of the type named `name`, as a literal when that type takes one.
        function leafValue(value, name) {
          if (typeof value === "string" && stringTypes.has(name)) return swiftString(value);
          if (typeof value === "number" && (integerTypes.has(name) || floatTypes.has(name))) return String(value);
          if (typeof value === "boolean" && name === "Bool") return String(value);
          if (floatTypes.has(name) && ["inf", "-inf", "nan"].includes(value)) {
            return { inf: ".infinity", "-inf": "-.infinity", nan: ".nan" }[value];
          }
          if (name === "UUID" && typeof value === "string") return "UUID(uuidString: " + swiftString(value) + ")!";
          return placeholder(value, name);
        }

        /// The name code gives the field `key` of a struct: a property wrapper's storage, `_detail`, is `detail`;
        /// `null` for a key that is no name (a child of a custom mirror).
        function fieldName(key, fieldType) {
          const info = fieldType === undefined ? undefined : types[fieldType];
          if (info !== undefined && info.propertyWrapper && /^_./.test(key)) key = key.slice(1);
          return isIdentifier(key) ? key : null;
        }

        /// The arguments of a tuple or of an enum case's payload: `count: 2, "x"` (an unlabelled element,
        /// written `_1` or at an index, without its label).
        function payloadArguments(value, fields) {
          const entries = Array.isArray(value) ? value.map((element, index) => ["_" + index, element])
            : isObject(value) ? Object.keys(value).map((key) => [key, value[key]]) : [];
          return entries.map(([key, element]) => (/^_\d+$/.test(key) ? "" : key + ": ")
            + swiftValue(element, (fields || {})[key])).join(", ");
        }

        /// A value of the enum named `name`: `.active`, `.loaded(count: 3)`, `Filter(rawValue: "all")!`.
        function enumValue(value, name, info) {
          if (info.encoding === "rawValue") {
            return typeof value === "string" || typeof value === "number"
              ? name + "(rawValue: " + jsonLiteral(value) + ")!" : placeholder(value, name);
          }
          if (typeof value === "string") return isIdentifier(value) ? "." + value : placeholder(value, name);
          if (!isObject(value) || Object.keys(value).length !== 1) return placeholder(value, name);
          const caseName = Object.keys(value)[0];
          const payload = value[caseName];
          const known = (info.cases || {})[caseName];
          if (!isIdentifier(caseName)) return placeholder(value, name);
          if (isObject(known)) {
            // A `Codable` encoding: the payload's fields, `{}` for none.
            return Object.keys(payload || {}).length === 0 ? "." + caseName
              : "." + caseName + "(" + payloadArguments(payload, known) + ")";
          }
          if (typeof known !== "string") return "." + caseName + "(" + placeholder(payload) + ")";
          const payloadType = unwrapped(known);
          if (payloadType.optionals === 0 && payloadType.info !== undefined && payloadType.info.kind === "tuple") {
            return "." + caseName + "(" + payloadArguments(payload, payloadType.info.fields) + ")";
          }
          return "." + caseName + "(" + swiftValue(payload, known) + ")";
        }

        /// A dictionary's key, which a trace writes as a string, as a literal of the type named `keyType`.
        function keyLiteral(key, keyType) {
          if (integerTypes.has(keyType) && /^-?\d+$/.test(key)) return key;
          const info = keyType === undefined ? undefined : types[keyType];
          if (info !== undefined && info.kind === "enum" && isIdentifier(key)) return "." + key;
          if (keyType === undefined || stringTypes.has(keyType)) return swiftString(key);
          return placeholder(key, keyType);
        }

        /// The id of an element of an identified array, as a literal of the type named `idType`.
        function idLiteral(id, idType) {
          if (typeof id === "number") return String(id);
          if (typeof id === "string" && (idType === undefined || stringTypes.has(idType))) return swiftString(id);
          return swiftValue(id, idType);
        }

        /// A place in the state being written: `expression` reads it (`$0.todos[id: 4]`), `typeName` is its
        /// declared type, `unwraps` the `?` a member of it needs besides its type's optionals (1 after a
        /// subscript that returns an optional), `chained` whether the expression already chains an optional;
        /// `before` and `after` its value before and after the change; `root` the variable it starts from.
        function place(expression, typeName, before, after, root) {
          return { expression, typeName, unwraps: 0, chained: false, before, after, root };
        }

        function child(value, component) {
          return value !== null && typeof value === "object" ? value[component] : undefined;
        }

        /// The place of `component` in `at` (`id`: the element's id, for an identified array); `null` when it
        /// cannot be written as a path (an element of a set, an enum's payload).
        function step(at, component, id) {
          const { info, optionals } = unwrapped(at.typeName);
          const questionMarks = optionals + at.unwraps;
          const base = at.expression + "?".repeat(questionMarks);
          const next = (expression, typeName, unwraps) => ({
            expression, typeName, unwraps, chained: at.chained || questionMarks > 0,
            before: child(at.before, component), after: child(at.after, component), root: at.root,
          });
          const kind = info === undefined || !hasTypes ? undefined : info.kind;
          if (kind === "struct" || kind === "class") {
            if (typeof component !== "string") return null;
            const name = fieldName(component, info.fields[component]);
            return name === null ? null : next(base + "." + name, info.fields[component], 0);
          }
          if (kind === "tuple") {
            const key = typeof component === "number" ? "_" + component : component;
            const name = /^_\d+$/.test(key) ? key.slice(1) : key;
            return isIdentifier(key) ? next(base + "." + name, info.fields[key], 0) : null;
          }
          if (kind === "identified") {
            if (id === undefined || id === null) return null;
            return next(base + "[id: " + idLiteral(id, info.id) + "]", info.element, 1);
          }
          if (kind === "array") return next(base + "[" + component + "]", info.element, 0);
          if (kind === "dictionary") return next(base + "[" + keyLiteral(String(component), info.key) + "]", info.value, 1);
          if (kind !== undefined) return null;
          // No type: as a trace without types is written.
          if (typeof component === "number") return next(base + "[" + component + "]", undefined, 0);
          if (isIdentifier(component)) return next(base + "." + component, undefined, 0);
          return next(base + "[" + swiftString(component) + "]", undefined, 0);
        }

        /// `name`, or `name2`, `name3`... when an enclosing block binds it already.
        function freshName(base, used) {
          let name = isIdentifier(base) && !swiftKeywords.has(base) ? base : "payload";
          for (let suffix = 2; used.has(name); suffix++) name = (isIdentifier(base) ? base : "payload") + suffix;
          return name;
        }
        const swiftKeywords = new Set(["as", "break", "case", "catch", "class", "continue", "default", "defer", "do",
          "else", "enum", "extension", "false", "for", "func", "guard", "if", "import", "in", "init", "inout", "is",
          "let", "nil", "operator", "protocol", "repeat", "return", "self", "Self", "static", "struct", "super",
          "switch", "throw", "throws", "true", "try", "var", "where", "while"]);

        /// The code of `change`, one item: a line, or a block (an `if case` around a change inside an enum's
        /// payload). `before` and `after` are the states before and after it.
        function changeCode(change, before, after) {
          const path = change.path || [];
          const ids = change.ids || [];
          if (path.length === 0) return { line: "$0 = " + swiftValue(change.new, header.state), root: "$0" };
          return codeFrom(place("$0", header.state, before, after, "$0"), 0, path, ids, change, new Set());
        }

        /// The code of `change` from `at`, the place of its path's first `depth` steps.
        function codeFrom(at, depth, path, ids, change, used) {
          const { name, info } = unwrapped(at.typeName);
          const component = path[depth];
          if (hasTypes && info !== undefined && info.kind === "enum" && depth < path.length - 1) {
            return enumBlock(at, info, depth, path, ids, change, used)
              || wholeValue(at);
          }
          if (depth === path.length - 1) return lastStep(at, component, ids[depth], change);
          const next = step(at, component, ids[depth]);
          return next === null ? wholeValue(at) : codeFrom(next, depth + 1, path, ids, change, used);
        }

        /// `at` set as a whole to its value after the change: for a change that cannot be written by a path.
        function wholeValue(at) {
          return { line: at.expression + " = " + swiftValue(at.after === undefined ? null : at.after, at.typeName),
            root: at.root };
        }

        /// The change of `component` in `at`, the last step of its path: an assignment, an append, an insertion
        /// or a removal, by id in an identified array; a push or a pop in a stack of screens (`"stack":true`),
        /// which has no `append` or `remove(id:)`.
        function lastStep(at, component, id, change) {
          const { info, optionals } = unwrapped(at.typeName);
          const base = at.expression + "?".repeat(optionals + at.unwraps);
          const kind = info === undefined || !hasTypes ? undefined : info.kind;
          const removed = !("new" in change);
          const inserted = !("old" in change);
          const line = (text) => ({ line: text, root: at.root });
          if (kind === "enum") {
            // Another case: the enum is set whole, once its new case is in place.
            if (isObject(at.after) && Object.keys(at.after).length === 0) return null;
            return wholeValue(at);
          }
          if (kind === "identified" && id !== undefined && id !== null && info.stack) {
            // A stack pops a screen with those above it (gone already, or next: popping them again does
            // nothing), and pushes on top only, with the id it makes, the one the trace names.
            if (removed) return line(base + ".pop(from: " + idLiteral(id, info.id) + ")");
            if (inserted) return line(base + ".push(" + swiftValue(change.new, info.element) + ")");
            return line(base + "[id: " + idLiteral(id, info.id) + "] = " + swiftValue(change.new, info.element));
          }
          if (kind === "identified" && id !== undefined && id !== null) {
            const element = swiftValue(change.new, info.element);
            if (removed) return line(base + ".remove(id: " + idLiteral(id, info.id) + ")");
            if (inserted) {
              const count = Array.isArray(at.before) ? at.before.length : -1;
              return line(component === count ? base + ".append(" + element + ")"
                : base + ".insert(" + element + ", at: " + component + ")");
            }
            return line(base + "[id: " + idLiteral(id, info.id) + "] = " + element);
          }
          if (kind === "set") {
            const remove = base + ".remove(" + swiftValue(change.old, info.element) + ")";
            const insert = base + ".insert(" + swiftValue(change.new, info.element) + ")";
            return line(removed ? remove : inserted ? insert : remove + "; " + insert);
          }
          if (kind === "dictionary") {
            return line(base + "[" + keyLiteral(String(component), info.key) + "] = "
              + (removed ? "nil" : swiftValue(change.new, info.value)));
          }
          if (typeof component === "number" && (kind === "array" || kind === "identified" || kind === undefined)) {
            const count = Array.isArray(at.before) ? at.before.length : -1;
            const element = swiftValue(change.new, info === undefined ? undefined : info.element);
            if (removed) {
              // (An identified array has no `removeFirst()` or `removeLast()`.)
              if (component === count - 1 && kind !== "identified") return line(base + ".removeLast()");
              if (component === 0 && kind !== "identified") return line(base + ".removeFirst()");
              return line(base + ".remove(at: " + component + ")");
            }
            if (inserted) {
              return line(component === count ? base + ".append(" + element + ")"
                : base + ".insert(" + element + ", at: " + component + ")");
            }
          }
          const target = step(at, component, id);
          if (target === null) return wholeValue(at);
          return line(target.expression + " = " + (removed ? "nil" : swiftValue(change.new, target.typeName)));
        }

        /// A change inside the payload of the enum at `at`, whose case is `path[depth]`: `if case var
        /// .loaded(loaded) = ... { loaded.count = 3; ... = .loaded(loaded) }`, which changes only the field it
        /// names. `null` when the trace does not say what the case carries.
        function enumBlock(at, info, depth, path, ids, change, used) {
          const caseName = path[depth];
          const known = (info.cases || {})[caseName];
          const before = child(at.before, caseName);
          const after = child(at.after, caseName);
          if (!isIdentifier(caseName) || known === undefined) return null;
          const payloadType = typeof known === "string" ? unwrapped(known) : undefined;
          const fields = isObject(known) ? known
            : payloadType.optionals === 0 && payloadType.info !== undefined && payloadType.info.kind === "tuple"
              ? payloadType.info.fields : null;
          const inner = new Set(used);
          const bindings = [];
          let innerPlace;
          let innerDepth;
          if (fields === null) {
            // One value: bound whole, and the path goes on inside it.
            const name = freshName(caseName, inner);
            inner.add(name);
            bindings.push({ key: null, name });
            innerPlace = place(name, known, before, after, name);
            innerDepth = depth + 1;
          } else {
            // Several values (or a `Codable` encoding's fields): each bound; the next step names one.
            const keys = Array.isArray(before) ? before.map((_, index) => "_" + index)
              : isObject(before) ? Object.keys(before) : Object.keys(fields);
            for (const key of keys) {
              const name = freshName(key === "_0" ? caseName : /^_\d+$/.test(key) ? caseName + key.slice(1) : key, inner);
              inner.add(name);
              bindings.push({ key, name });
            }
            const selected = typeof path[depth + 1] === "number" ? "_" + path[depth + 1] : path[depth + 1];
            const binding = bindings.find((candidate) => candidate.key === selected);
            if (binding === undefined) return null;
            innerPlace = place(binding.name, fields[selected], child(before, path[depth + 1]),
              child(after, path[depth + 1]), binding.name);
            innerDepth = depth + 2;
            // The only value of the case, changed whole: the case is set whole (`.counted(2)`).
            if (innerDepth === path.length && bindings.length === 1) return wholeValue(at);
            if (innerDepth === path.length) {
              const value = "new" in change ? swiftValue(change.new, fields[selected]) : "nil";
              return block(at, caseName, bindings, [{ line: binding.name + " = " + value, root: binding.name }]);
            }
          }
          const body = codeFrom(innerPlace, innerDepth, path, ids, change, inner);
          return body === null ? null : block(at, caseName, bindings, [body]);
        }

        function block(at, caseName, bindings, children) {
          const { optionals } = unwrapped(at.typeName);
          const questionMarks = Math.max(optionals + at.unwraps, at.chained ? 1 : 0);
          return { expression: at.expression, caseName, bindings, questionMarks, children, root: at.root };
        }

        /// Adds `item` to `items`, inside the last one when both change the payload of the same case.
        function addItem(items, item) {
          if (item === null) return;
          const last = items[items.length - 1];
          if (last !== undefined && item.children && last.children && last.expression === item.expression
            && last.caseName === item.caseName) {
            for (const child of item.children) addItem(last.children, child);
          } else {
            items.push(item);
          }
        }

        /// The lines of `items`, indented by `indent`.
        function renderItems(items, indent, lines) {
          for (const item of items) {
            if (!item.children) {
              lines.push(indent + item.line);
              continue;
            }
            const mutated = new Set(item.children.map((child) => child.root));
            const pattern = item.bindings.length === 1 && item.bindings[0].key === null
              ? "var ." + item.caseName + "(" + item.bindings[0].name + ")"
              : "." + item.caseName + "(" + item.bindings.map((binding) =>
                (mutated.has(binding.name) ? "var " : "let ") + binding.name).join(", ") + ")";
            const argumentsText = item.bindings.map((binding) =>
              (binding.key === null || /^_\d+$/.test(binding.key) ? "" : binding.key + ": ") + binding.name).join(", ");
            lines.push(indent + "if case " + pattern + "?".repeat(item.questionMarks) + " = " + item.expression + " {");
            renderItems(item.children, indent + "    ", lines);
            lines.push(indent + "    " + item.expression + " = ." + item.caseName + "(" + argumentsText + ")");
            lines.push(indent + "}");
          }
        }

        /// The lines of the assertion closure of `message`, from `state` (the state before it, or `undefined`
        /// when unknown): each change as a test writes it. Also returns the state after the message.
        function assertions(record, state) {
          for (const change of record.filteredChanges || []) state = state === undefined ? state : applyChange(state, change);
          const items = [];
          for (const change of record.changes || []) {
            const after = state === undefined ? undefined : applyChange(state, change);
            addItem(items, changeCode(change, state, after));
            state = after;
          }
          const lines = [];
          renderItems(items, "", lines);
          return { lines, state };
        }

        function testSkeleton(from, to) {
          const first = shown[from - 1];
          const last = shown[to - 1];
          const lines = [];
          lines.push("// Steps " + first.step + " to " + last.step + " of " + data.source + ", as a TestStore test.");
          lines.push(hasTypes
            ? "// Fill in the placeholders (<#...#>): the initial state, and any value not written as Swift."
            : "// Fill in the placeholders (<#...#>): the initial state, and values the trace shows as JSON.");
          lines.push("@Test func replaysSteps" + first.step + "To" + last.step + "() async {");
          const stateType = header.state || "State";
          const before = from === 1 && !hiddenCount ? "the initial state" : "the state after step " + shown[from - 2].step;
          lines.push("    let store = TestStore(initialState: <#" + stateType + ": " + before + "#>)");
          let state = shownStateAt(from - 1);
          for (let index = from - 1; index < to; index++) {
            const message = shown[index];
            const record = full(message);
            lines.push("");
            if (record.filtered || record.dropped) {
              lines.push("    // Before step " + message.step + ": " + (record.filtered || 0) + " message(s) left out by the "
                + "trace's filter, " + (record.dropped || 0) + " dropped: the test must send them too.");
            }
            const call = message.origin === "effect" ? "await store.receive(" : "store.send(";
            // How a test writes the message, where that is not its description (an input change), else its text.
            const code = typeof record.code === "string" ? record.code : message.text;
            const result = assertions(record, state);
            const body = result.lines;
            state = "state" in record ? record.state : result.state;
            if (record.notApplied && message.origin === "effect") {
              // A late message of a child that is gone: a TestStore does not receive it.
              lines.push("    // Step " + message.step + ", " + code + ", was not applied (" + record.notApplied
                + "): a TestStore does not receive it.");
            } else if (body.length === 0) {
              lines.push("    " + call + code + ")");
            } else {
              lines.push("    " + call + code + ") {");
              for (const line of body) lines.push("        " + line);
              lines.push("    }");
            }
          }
          lines.push("    await store.finish()");
          lines.push("}");
          return lines.join("\n");
        }

        rangeFrom.addEventListener("change", rangeFromInputs);
        rangeTo.addEventListener("change", rangeFromInputs);
        document.getElementById("copy-skeleton").addEventListener("click", () => {
          const text = skeleton.textContent;
          const copied = navigator.clipboard && window.isSecureContext
            ? navigator.clipboard.writeText(text)
            : Promise.reject(new Error("no clipboard"));
          copied.then(() => { copyStatus.textContent = "Copied."; }, () => {
            const selection = window.getSelection();
            const whole = document.createRange();
            whole.selectNodeContents(skeleton);
            selection.removeAllRanges();
            selection.addRange(whole);
            copyStatus.textContent = "Selected: press Ctrl+C (⌘C) to copy.";
          });
        });
        """#
}
