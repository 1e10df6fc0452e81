// English text of the static pages (sample content for a fictional country).

import type { PageTexts } from './page-text.ts';

export const EN: PageTexts = {
  about: {
    title: 'About',
    body: `# About this site

This site is an election and candidate directory for the **Republic of Marisola**. It shows the
areas where people vote, the offices that are contested, the political parties, and every
candidate standing in the 2027 General Election, together with the results of the 2022 election.

> **This is sample data.** Marisola is a fictional country. Every region, district, party,
> candidate and event on this site was produced by a computer program for demonstration
> purposes. Any resemblance to real people, parties or places is coincidental.

## What you can do here

- Browse the four levels of areas: regions, sub-regions, districts and electoral areas.
- See who is standing for each office, from President to Assembly Member, and read their profiles.
- Compare the political parties, their colours and their candidates.
- Follow the election calendar and add events to your own calendar.
- Export lists of candidates, or the calendar, as a PDF file.
- Search for any person, party or place, including names with accents, hyphens and apostrophes
  such as *Côte d'Émeraude* or *Amara O'Brien*.

## Where the data comes from

In a real deployment, editors enter data from the official nomination lists published by the
electoral commission and record their sources. On this demonstration site, all the data comes
from a repeatable generator and can be rebuilt at any time.

## Contact

Spotted a problem, or want to know more? Write to the editors through the **Contact** page. We
read every message, although we cannot promise to answer each one individually.
`,
  },
  'privacy-policy': {
    title: 'Privacy Policy',
    body: `# Privacy Policy

*Sample text for a demonstration site about a fictional country (Marisola). It is not legal
advice: whoever runs this site for real must replace it with their own policy.*

We collect as little personal data as we can, and only to run the site.

## What we collect

- **Contact form:** your name, email address, subject and message, and the language of the page
  you used.
- **Accounts (optional):** your name, email address, phone number if you add one, a hash of your
  password, your sessions (browser and approximate location from your IP address) and your
  security settings, such as two-step verification.
- **Preferences:** your chosen language is kept in a cookie; your colour mode (light, dark or
  system) stays in your browser's local storage and is never sent to us.
- **Server logs:** IP address, time and page requested, kept for up to 30 days to prevent abuse.

## Why we use it

We use contact messages only to reply to you and to correct the directory. We use account data
only to sign you in, keep your account secure and send the updates you subscribed to. We do not
sell your data, and we do not use advertising or tracking cookies.

## How long we keep it

Contact messages are deleted 12 months after they were answered. Accounts are kept until you
delete them; their activity logs are kept for 90 days.

## Your rights

You can ask to see, correct or delete the personal data we hold about you. Signed-in users can
do most of this themselves on their profile page; for anything else, use the **Contact** page.

## Candidates

Information about candidates comes from public nomination lists. Candidates who believe an entry
is wrong can ask the editors to correct it.
`,
  },
  'terms-and-conditions': {
    title: 'Terms and Conditions',
    body: `# Terms and Conditions

*Sample text for a demonstration site about a fictional country (Marisola). Replace it before
publishing real election data.*

By using this site you agree to these terms.

## The information on this site

The directory is provided for information only. On this demonstration site every person, party
and place is **fictional sample data**. On a real deployment the editors take care to be
accurate, but official results and candidate lists are those published by the electoral
commission.

## Acceptable use

You may read, search, print and export the directory freely. You must not:

1. send abusive, threatening or misleading messages through the contact form;
2. try to access accounts, data or parts of the site that are not meant for you;
3. overload the site with automated requests beyond what normal browsing or the published
   calendar feeds need;
4. present exported documents as official election material.

## Accounts

You are responsible for keeping your password and second factors safe. We may suspend accounts
that break these terms.

## Liability

The site is offered "as is", without any warranty. We are not liable for decisions made on the
basis of the information shown here.

## Changes

We may update these terms; the date of the latest version is shown on this page.
`,
  },
};
