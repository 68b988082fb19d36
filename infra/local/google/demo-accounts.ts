/** The Google accounts the local stand-in's sign-in page offers (google/stand-in.ts): they exist only on this machine. */

export interface DemoGoogleAccount {
  /** Google's `sub`: a stable number per account. */
  sub: string;
  email: string;
  givenName: string;
  familyName: string;
}

/** The accounts the stand-in's sign-in page offers. */
export const DEMO_GOOGLE_ACCOUNTS: readonly DemoGoogleAccount[] = [
  { sub: '104738291056473829101', email: 'grace.hopper.demo@gmail.com', givenName: 'Grace', familyName: 'Hopper' },
  { sub: '104738291056473829102', email: 'alan.turing.demo@gmail.com', givenName: 'Alan', familyName: 'Turing' },
  {
    sub: '104738291056473829103',
    email: 'katherine.johnson.demo@gmail.com',
    givenName: 'Katherine',
    familyName: 'Johnson',
  },
];
