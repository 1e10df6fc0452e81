import type { Catalogue } from './catalogue-shape.ts';

export const sw: Catalogue = {
  language: 'sw',
  common: {
    greeting: 'Habari {{userName}},',
    greetingWithoutName: 'Habari,',
    linkFallback: 'Ikiwa kitufe hakifanyi kazi, nakili anwani hii kwenye kivinjari chako:',
    phrase: 'Maneno ya usalama: {{phrase}}. Endelea tu ikiwa yanalingana na maneno yaliyoonyeshwa ulipotuma ombi.',
    signature: 'Timu ya {{siteName}}',
  },
  mail: {
    recovery: {
      subject: 'Weka upya nenosiri lako la {{siteName}}',
      intro: 'Mtu ameomba kuweka upya nenosiri la akaunti yako ya {{siteName}}. Ili kuchagua nenosiri jipya, fungua kiungo hiki:',
      action: 'Weka upya nenosiri',
      expiry: 'Muda wa kiungo hiki utaisha baada ya {{expiry}}.',
      ignore: 'Ikiwa hukuomba hili, unaweza kupuuza ujumbe huu: nenosiri lako halitabadilika.',
    },
    verification: {
      subject: 'Thibitisha anwani yako ya barua pepe kwa {{siteName}}',
      intro: 'Tafadhali thibitisha kwamba hii ni anwani yako ya barua pepe, ili {{siteName}} iweze kuwasiliana nawe kuhusu akaunti yako.',
      action: 'Thibitisha barua pepe',
      expiry: 'Muda wa kiungo hiki utaisha baada ya {{expiry}}.',
      ignore: 'Ikiwa hukufungua akaunti kwenye {{siteName}}, unaweza kupuuza ujumbe huu.',
    },
    'magic-url': {
      subject: 'Kiungo chako cha kuingia kwenye {{siteName}}',
      intro: 'Tumia kiungo hiki kuingia kwenye {{siteName}}. Kinafanya kazi mara moja tu.',
      action: 'Ingia',
      expiry: 'Muda wa kiungo hiki utaisha baada ya {{expiry}}.',
      ignore: 'Ikiwa hukujaribu kuingia, unaweza kupuuza ujumbe huu: hakuna anayeweza kuingia bila kiungo hiki.',
    },
    'email-otp': {
      subject: 'Msimbo wako wa kuingia kwenye {{siteName}}',
      intro: 'Weka msimbo huu ili kuingia kwenye {{siteName}}:',
      expiry: 'Muda wa msimbo huu utaisha baada ya {{expiry}}.',
      ignore: 'Ikiwa hukujaribu kuingia, unaweza kupuuza ujumbe huu. Usimpe mtu yeyote msimbo huu.',
    },
    'team-invitation': {
      subject: 'Mwaliko wa kujiunga na {{teamName}} kwenye {{siteName}}',
      intro: '{{inviterName}} amekualika ujiunge na timu ya {{teamName}} kwenye {{siteName}}.',
      action: 'Kubali mwaliko',
      expiry: 'Muda wa mwaliko huu utaisha baada ya {{expiry}}.',
      ignore: 'Ikiwa hukutarajia mwaliko huu, unaweza kupuuza ujumbe huu.',
    },
  },
  sms: {
    'phone-otp': '{{code}} ni msimbo wako wa {{siteName}}. Muda wake utaisha baada ya {{expiry}}. Usimpe mtu yeyote.',
    'team-invitation': '{{inviterName}} amekualika ujiunge na {{teamName}} kwenye {{siteName}}. Kubali ndani ya {{expiry}}: {{url}}',
  },
  topicMail: {
    reason: 'Unapokea ujumbe huu kwa sababu unafuatilia “{{topicName}}” kwenye {{siteName}}.',
    unsubscribe: 'Ili kuacha kupokea jumbe hizi, fungua kiungo hiki:',
    unsubscribeAction: 'Jiondoe',
  },
};
