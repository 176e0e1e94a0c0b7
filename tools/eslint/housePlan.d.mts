/** Types of housePlan.mjs (the ESLint rule frota/house-plan). */
import type { Rule } from 'eslint';
export function housePlanRule(root?: string, allow?: Set<string>): Rule.RuleModule;
declare const plugin: { rules: { 'house-plan': Rule.RuleModule } };
export default plugin;
