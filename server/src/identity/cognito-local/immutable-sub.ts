/**
 * The `sub` attribute as Amazon Cognito treats it: the provider assigns it and nobody can choose
 * it. cognito-local 5.3 takes a `sub` given to SignUp or AdminCreateUser as the new account's own,
 * so a self-signed-up account could take the subject of someone else's, which is what the API
 * links users by. Both now refuse it with InvalidParameterException.
 */
import { errors, Targets, type Attribute } from './internals';

const IMMUTABLE_SUB = 'Attributes did not conform to the schema: sub: Attribute cannot be updated. (changing an immutable attribute)';

for (const name of ['SignUp', 'AdminCreateUser'] as const) {
  const target = Targets[name];
  if (!target) throw new Error(`cognito-local has no ${name} target`);
  Targets[name] = (services) => {
    const handle = target(services);
    return async (ctx, req: { UserAttributes?: Attribute[] }) => {
      if (req.UserAttributes?.some((a) => a.Name === 'sub')) throw new errors.InvalidParameterError(IMMUTABLE_SUB);
      return handle(ctx, req);
    };
  };
}
