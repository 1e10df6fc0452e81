import type { Catalogue } from './catalogue-shape.ts';

export const en: Catalogue = {
  language: 'en',
  common: {
    greeting: 'Hello {{userName}},',
    greetingWithoutName: 'Hello,',
    linkFallback: 'If the button does not work, copy this address into your browser:',
    phrase: 'Security phrase: {{phrase}}. Only continue if it matches the phrase shown where you made the request.',
    signature: 'The {{siteName}} team',
  },
  mail: {
    recovery: {
      subject: 'Reset your {{siteName}} password',
      intro: 'Someone asked to reset the password of your {{siteName}} account. To choose a new password, open this link:',
      action: 'Reset password',
      expiry: 'The link expires in {{expiry}}.',
      ignore: 'If you did not ask for this, you can ignore this message: your password stays the same.',
    },
    verification: {
      subject: 'Confirm your email address for {{siteName}}',
      intro: 'Please confirm that this is your email address, so that {{siteName}} can reach you about your account.',
      action: 'Confirm email address',
      expiry: 'The link expires in {{expiry}}.',
      ignore: 'If you did not create an account on {{siteName}}, you can ignore this message.',
    },
    'magic-url': {
      subject: 'Your sign-in link for {{siteName}}',
      intro: 'Use this link to sign in to {{siteName}}. It works only once.',
      action: 'Sign in',
      expiry: 'The link expires in {{expiry}}.',
      ignore: 'If you did not try to sign in, you can ignore this message: nobody can sign in without this link.',
    },
    'email-otp': {
      subject: 'Your sign-in code for {{siteName}}',
      intro: 'Enter this code to sign in to {{siteName}}:',
      expiry: 'The code expires in {{expiry}}.',
      ignore: 'If you did not try to sign in, you can ignore this message. Never share this code with anyone.',
    },
    'team-invitation': {
      subject: 'Invitation to join {{teamName}} on {{siteName}}',
      intro: '{{inviterName}} invited you to join the team {{teamName}} on {{siteName}}.',
      action: 'Accept the invitation',
      expiry: 'The invitation expires in {{expiry}}.',
      ignore: 'If you were not expecting this invitation, you can ignore this message.',
    },
  },
  sms: {
    'phone-otp': '{{code}} is your {{siteName}} code. It expires in {{expiry}}. Do not share it with anyone.',
    'team-invitation': '{{inviterName}} invited you to join {{teamName}} on {{siteName}}. Accept within {{expiry}}: {{url}}',
  },
  topicMail: {
    reason: 'You receive this message because you follow “{{topicName}}” on {{siteName}}.',
    unsubscribe: 'To stop receiving these messages, open this link:',
    unsubscribeAction: 'Unsubscribe',
  },
};
