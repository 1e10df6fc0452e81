import type { Catalogue } from './catalogue-shape.ts';

// French punctuation: a no-break space (U+00A0) stands before each colon.
export const fr: Catalogue = {
  language: 'fr',
  common: {
    greeting: 'Bonjour {{userName}},',
    greetingWithoutName: 'Bonjour,',
    linkFallback: 'Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur\u00a0:',
    phrase: 'Phrase de sécurité\u00a0: {{phrase}}. Ne continuez que si elle correspond à la phrase affichée là où vous avez fait la demande.',
    signature: 'L’équipe {{siteName}}',
  },
  mail: {
    recovery: {
      subject: 'Réinitialisez votre mot de passe {{siteName}}',
      intro: 'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte {{siteName}}. Pour choisir un nouveau mot de passe, ouvrez ce lien\u00a0:',
      action: 'Réinitialiser le mot de passe',
      expiry: 'Le lien expire dans {{expiry}}.',
      ignore: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message\u00a0: votre mot de passe reste inchangé.',
    },
    verification: {
      subject: 'Confirmez votre adresse e-mail pour {{siteName}}',
      intro: 'Merci de confirmer qu’il s’agit bien de votre adresse e-mail, afin que {{siteName}} puisse vous contacter au sujet de votre compte.',
      action: 'Confirmer l’adresse e-mail',
      expiry: 'Le lien expire dans {{expiry}}.',
      ignore: 'Si vous n’avez pas créé de compte sur {{siteName}}, ignorez ce message.',
    },
    'magic-url': {
      subject: 'Votre lien de connexion à {{siteName}}',
      intro: 'Utilisez ce lien pour vous connecter à {{siteName}}. Il ne fonctionne qu’une seule fois.',
      action: 'Se connecter',
      expiry: 'Le lien expire dans {{expiry}}.',
      ignore: 'Si vous n’avez pas essayé de vous connecter, ignorez ce message\u00a0: personne ne peut se connecter sans ce lien.',
    },
    'email-otp': {
      subject: 'Votre code de connexion à {{siteName}}',
      intro: 'Saisissez ce code pour vous connecter à {{siteName}}\u00a0:',
      expiry: 'Le code expire dans {{expiry}}.',
      ignore: 'Si vous n’avez pas essayé de vous connecter, ignorez ce message. Ne communiquez jamais ce code à personne.',
    },
    'team-invitation': {
      subject: 'Invitation à rejoindre {{teamName}} sur {{siteName}}',
      intro: '{{inviterName}} vous invite à rejoindre l’équipe {{teamName}} sur {{siteName}}.',
      action: 'Accepter l’invitation',
      expiry: 'L’invitation expire dans {{expiry}}.',
      ignore: 'Si vous n’attendiez pas cette invitation, ignorez ce message.',
    },
  },
  sms: {
    'phone-otp': '{{code}} est votre code {{siteName}}. Il expire dans {{expiry}}. Ne le communiquez à personne.',
    'team-invitation': '{{inviterName}} vous invite à rejoindre {{teamName}} sur {{siteName}}. Acceptez dans les {{expiry}} : {{url}}',
  },
  topicMail: {
    reason: 'Vous recevez ce message parce que vous suivez « {{topicName}} » sur {{siteName}}.',
    unsubscribe: 'Pour ne plus recevoir ces messages, ouvrez ce lien :',
    unsubscribeAction: 'Se désabonner',
  },
};
