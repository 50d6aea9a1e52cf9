import { useState } from 'react';
import { AuthLayout } from './auth-layout';
import { NewPasswordRequired } from './new-password-required';
import { SignInForm } from './sign-in-form';

/** /auth: the sign-in form, or the new-password step when the provider asks for one. */
export function SignInScreen({ onSignedIn }: { onSignedIn: () => void | Promise<void> }) {
  const [newPasswordFor, setNewPasswordFor] = useState<string | null>(null);
  return (
    <AuthLayout>
      {newPasswordFor === null ? (
        <SignInForm onSignedIn={onSignedIn} onNewPasswordRequired={setNewPasswordFor} />
      ) : (
        <NewPasswordRequired login={newPasswordFor} onBack={() => setNewPasswordFor(null)} />
      )}
    </AuthLayout>
  );
}
