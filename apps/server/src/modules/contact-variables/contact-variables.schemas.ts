/** Request and answer schemas of the contact variable routes: in @conversa/shared (the web app's form checks with the same ones). */
export {
  contactVariableSchema,
  contactVariableUsageSchema,
  createContactVariableBodySchema,
  updateContactVariableBodySchema,
} from '@conversa/shared';
