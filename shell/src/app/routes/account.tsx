import { AccountPage } from '../../features/account/components/account-page';

/** /app/account (login required by the /app guard): the account page. */
export function AccountRoute() {
  return <AccountPage />;
}

export const Component = AccountRoute;
