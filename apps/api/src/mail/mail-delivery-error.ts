/** A mail that did not go out; its message names the kind and the recipient, never the body. */
export class MailDeliveryError extends Error {}
