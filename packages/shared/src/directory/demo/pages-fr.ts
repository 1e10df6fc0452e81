// Texte français des pages statiques (contenu d'exemple pour un pays fictif).

import type { PageTexts } from './page-text.ts';

export const FR: PageTexts = {
  about: {
    title: 'À propos',
    body: `# À propos de ce site

Ce site est un annuaire des élections et des candidats de la **République de Marisola**. Il
présente les circonscriptions où l'on vote, les fonctions à pourvoir, les partis politiques et
tous les candidats aux élections générales de 2027, ainsi que les résultats du scrutin de 2022.

> **Ce sont des données d'exemple.** Marisola est un pays fictif. Chaque région, district,
> parti, candidat et événement de ce site a été produit par un programme informatique à des fins
> de démonstration. Toute ressemblance avec des personnes, des partis ou des lieux réels est
> fortuite.

## Ce que vous pouvez faire ici

- Parcourir les quatre niveaux de territoires : régions, sous-régions, districts et
  circonscriptions électorales.
- Voir qui se présente à chaque fonction, de la présidence au conseil de district, et lire les
  profils des candidats.
- Comparer les partis politiques, leurs couleurs et leurs candidats.
- Suivre le calendrier électoral et ajouter des événements à votre propre agenda.
- Exporter des listes de candidats, ou le calendrier, au format PDF.
- Rechercher une personne, un parti ou un lieu, y compris les noms avec accents, traits d'union
  et apostrophes, comme *Côte d'Émeraude* ou *Amara O'Brien*.

## D'où viennent les données

Dans un véritable déploiement, les éditeurs saisissent les données à partir des listes
officielles de candidatures publiées par la commission électorale et indiquent leurs sources.
Sur ce site de démonstration, toutes les données proviennent d'un générateur reproductible et
peuvent être recréées à tout moment.

## Contact

Vous avez repéré une erreur ou vous souhaitez en savoir plus ? Écrivez aux éditeurs depuis la
page **Contact**. Nous lisons chaque message, sans pouvoir promettre une réponse individuelle.
`,
  },
  'privacy-policy': {
    title: 'Politique de confidentialité',
    body: `# Politique de confidentialité

*Texte d'exemple pour un site de démonstration consacré à un pays fictif (Marisola). Il ne
constitue pas un avis juridique : l'exploitant réel du site doit le remplacer par sa propre
politique.*

Nous collectons le moins de données personnelles possible, et uniquement pour faire fonctionner
le site.

## Ce que nous collectons

- **Formulaire de contact :** votre nom, votre adresse e-mail, l'objet et le message, ainsi que
  la langue de la page utilisée.
- **Comptes (facultatifs) :** votre nom, votre adresse e-mail, votre numéro de téléphone si vous
  en ajoutez un, une empreinte de votre mot de passe, vos sessions (navigateur et localisation
  approximative déduite de l'adresse IP) et vos réglages de sécurité, comme la vérification en
  deux étapes.
- **Préférences :** la langue choisie est conservée dans un cookie ; le mode de couleur (clair,
  sombre ou système) reste dans le stockage local de votre navigateur et ne nous est jamais
  envoyé.
- **Journaux du serveur :** adresse IP, heure et page demandée, conservés 30 jours au plus pour
  prévenir les abus.

## Pourquoi nous les utilisons

Les messages de contact servent uniquement à vous répondre et à corriger l'annuaire. Les données
de compte servent uniquement à vous connecter, à protéger votre compte et à vous envoyer les
mises à jour auxquelles vous êtes abonné. Nous ne vendons pas vos données et n'utilisons ni
publicité ni cookies de suivi.

## Durée de conservation

Les messages de contact sont supprimés 12 mois après leur traitement. Les comptes sont conservés
jusqu'à leur suppression ; leurs journaux d'activité sont gardés 90 jours.

## Vos droits

Vous pouvez demander à consulter, rectifier ou supprimer les données personnelles qui vous
concernent. Une fois connecté, vous pouvez faire l'essentiel vous-même depuis votre profil ;
pour le reste, utilisez la page **Contact**.

## Candidats

Les informations sur les candidats proviennent des listes publiques de candidatures. Un candidat
qui estime qu'une fiche est erronée peut demander aux éditeurs de la corriger.
`,
  },
  'terms-and-conditions': {
    title: 'Conditions générales',
    body: `# Conditions générales d'utilisation

*Texte d'exemple pour un site de démonstration consacré à un pays fictif (Marisola). À remplacer
avant toute publication de données électorales réelles.*

En utilisant ce site, vous acceptez les présentes conditions.

## Les informations publiées

L'annuaire est fourni à titre d'information uniquement. Sur ce site de démonstration, chaque
personne, parti et lieu est une **donnée d'exemple fictive**. Lors d'un déploiement réel, les
éditeurs veillent à l'exactitude des données, mais seuls font foi les résultats et les listes
publiés par la commission électorale.

## Utilisation acceptable

Vous pouvez librement consulter, rechercher, imprimer et exporter l'annuaire. Il est interdit :

1. d'envoyer des messages injurieux, menaçants ou trompeurs par le formulaire de contact ;
2. de tenter d'accéder à des comptes, des données ou des parties du site qui ne vous sont pas
   destinés ;
3. de surcharger le site par des requêtes automatisées au-delà de ce qu'exigent une navigation
   normale ou les flux de calendrier publiés ;
4. de présenter des documents exportés comme du matériel électoral officiel.

## Comptes

Vous êtes responsable de la protection de votre mot de passe et de vos seconds facteurs. Nous
pouvons suspendre les comptes qui enfreignent ces conditions.

## Responsabilité

Le site est fourni « en l'état », sans aucune garantie. Nous déclinons toute responsabilité pour
les décisions prises sur la base des informations présentées ici.

## Modifications

Nous pouvons modifier ces conditions ; la date de la dernière version figure sur cette page.
`,
  },
};
