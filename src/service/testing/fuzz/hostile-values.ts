import fc from "fast-check";

/**
 * Values that have broken services before: NUL and control characters, lone surrogates, bidi overrides, huge and
 * tiny numbers, dates no database holds, deep nesting, long strings, prototype keys and odd encodings.
 */
export const hostileString = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "\r\n",
    "\uD800",
    "\uDFFF",
    "\u202Egnp.exe",
    "\uFEFF",
    "../../etc/passwd",
    "%00",
    "%zz",
    "' OR 1=1 --",
    "<script>alert(1)</script>",
    "__proto__",
    "constructor",
    "0000-01-01T00:00:00Z",
    "+275760-09-13T00:00:00.000Z",
    "9999-12-31T23:59:59.999Z",
    "1e308",
    "-0",
    "NaN",
    "null",
    "true",
    "𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
    "👩‍👩‍👧‍👦",
  ),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constantFrom(10_001, 70_000, 1_100_000).map((n) => "x".repeat(n)),
);

export const hostileNumber = fc.oneof(
  fc.constantFrom(0, -1, -0, 1, 0.5, 2 ** 31, 2 ** 53, 2 ** 53 + 2, -(2 ** 63), 1e308, -1e308, 5e-324),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

const deepArray = (depth: number): unknown => (depth === 0 ? [] : [deepArray(depth - 1)]);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  // Deeper nesting goes as raw text (request-arbitrary.ts): fast-check could not print a deeper counterexample.
  fc.constant(deepArray(100)),
  fc.array(hostileString, { maxLength: 5 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/**
 * URLs the fuzzer may put in a body: loopback ports nothing listens on and malformed ones. Never a public or
 * private host: an import or a webhook must not reach outside this machine, even by accident.
 */
export const safeUrl = fc.constantFrom(
  "https://127.0.0.1:9/hook",
  "http://127.0.0.1:9/file.png",
  "http://[::1]:9/x",
  "http://2130706433:9/x",
  "ftp://127.0.0.1/x",
  "file:///etc/passwd",
  "javascript:alert(1)",
  "not a url",
  "",
);
