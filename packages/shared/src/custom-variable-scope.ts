// Without zod: the web app's inbox sets the scope from the signed-in tenant's list.
/**
 * The tenant's own variable names (contact variables, settings tab `variaveis`) that texts may use
 * besides the fixed ones: the web app sets them from the signed-in tenant's list; the server per
 * request for the routes that save texts, and 'any' elsewhere (texts read back from storage were
 * checked when saved).
 */
export type CustomVariableScope = readonly string[] | 'any';
let scopeOf: () => CustomVariableScope = () => [];

export function setCustomVariableScope(scope: () => CustomVariableScope): void {
  scopeOf = scope;
}

/** The scope in force (set by setCustomVariableScope). */
export function customVariableScope(): CustomVariableScope {
  return scopeOf();
}
