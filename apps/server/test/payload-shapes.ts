/**
 * Simulator fidelity checks: a payload has the shape of a provider's published sample when every
 * path of the sample exists in it with the same JSON type (null on either side matches anything).
 */

/** Every path of a JSON value with its JSON type (arrays by their first item). */
export function shapeOf(value: unknown, path = '$', out = new Map<string, string>()): Map<string, string> {
  const type = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  out.set(path, type);
  if (type === 'object') for (const [key, child] of Object.entries(value as object)) shapeOf(child, `${path}.${key}`, out);
  if (type === 'array' && (value as unknown[]).length) shapeOf((value as unknown[])[0], `${path}[]`, out);
  return out;
}

/**
 * The paths of the sample that the value lacks or types differently. `only` keeps the sample
 * paths it matches, `ignore` drops them.
 */
export function missingFrom(actual: unknown, sample: unknown, paths: { only?: RegExp; ignore?: RegExp } = {}): string[] {
  const got = shapeOf(actual);
  return [...shapeOf(sample)]
    .filter(([path]) => (!paths.only || paths.only.test(path)) && (!paths.ignore || !paths.ignore.test(path)))
    .filter(([path, type]) => !got.has(path) || (type !== 'null' && got.get(path) !== 'null' && got.get(path) !== type))
    .map(([path, type]) => `${path}: ${type} (got: ${got.get(path) ?? 'missing'})`);
}
