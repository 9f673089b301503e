/** What the workspace's sign-in says (the same sentences the pages show). */
export const authMessages = {
  badCredentials: "That e-mail address and password do not match an account.",
  wrongCode: "That code is not right. Try the newest code from your app.",
  flowExpired: "Your sign-in took too long. Start again.",
  unknownPasskey: "That passkey is not registered here.",
  invitationGone: "This invitation link has expired or was already used. Ask an admin for a new one.",
  choosePassword: "Choose another password.",
  codesUnavailable:
    "Codes from authenticator apps cannot be checked at the moment. Use a recovery code or a passkey, and tell whoever runs the site.",
  passkeyTookTooLong: "Adding the passkey took too long. Start again.",
  passkeyNotAdded: "The passkey could not be added. Try again.",
  passkeyName: "Give the passkey a name of at most 60 characters, such as the device it is on.",
} as const;
