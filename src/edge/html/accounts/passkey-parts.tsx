/**
 * The passkey parts of the account pages (docs/accounts.md). The sign-in page's button signs in
 * with a passkey alone, no password; it needs JavaScript (WebAuthn has no form), so the page
 * works without it.
 */
export function PasskeySignIn(_props: { base: string; next: string }): JSX.Element {
  return <></>;
}
export const PasskeySecondFactor = (_props: { base: string; next: string }): JSX.Element => <></>;
export const PasskeyEnrol = (_props: { base: string; csrf: string }): JSX.Element => <></>;
