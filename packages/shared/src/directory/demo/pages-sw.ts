// Maandishi ya Kiswahili ya kurasa za kudumu (maudhui ya mfano kwa nchi ya kubuni).

import type { PageTexts } from './page-text.ts';

export const SW: PageTexts = {
  about: {
    title: 'Kuhusu',
    body: `# Kuhusu tovuti hii

Tovuti hii ni saraka ya uchaguzi na wagombea wa **Jamhuri ya Marisola**. Inaonyesha maeneo
ambamo watu hupiga kura, nafasi zinazogombewa, vyama vya siasa na kila mgombea katika Uchaguzi
Mkuu wa 2027, pamoja na matokeo ya uchaguzi wa 2022.

> **Hii ni data ya mfano.** Marisola ni nchi ya kubuni. Kila mkoa, wilaya, chama, mgombea na
> tukio kwenye tovuti hii limetengenezwa na programu ya kompyuta kwa madhumuni ya maonyesho.
> Kufanana kwa yoyote na watu, vyama au mahali halisi ni bahati tu.

## Unachoweza kufanya hapa

- Kuvinjari ngazi nne za maeneo: mikoa, mikoa midogo, wilaya na maeneo ya uchaguzi.
- Kuona nani anagombea kila nafasi, kuanzia Rais hadi Mjumbe wa Baraza, na kusoma wasifu wao.
- Kulinganisha vyama vya siasa, rangi zao na wagombea wao.
- Kufuatilia kalenda ya uchaguzi na kuongeza matukio kwenye kalenda yako.
- Kuhamisha orodha za wagombea, au kalenda, kuwa faili la PDF.
- Kutafuta mtu, chama au mahali popote, hata majina yenye lafudhi, vistari na apostrofi kama
  *Côte d'Émeraude* au *Amara O'Brien*.

## Data inatoka wapi

Katika matumizi halisi, wahariri huingiza data kutoka kwenye orodha rasmi za uteuzi
zinazochapishwa na tume ya uchaguzi na huandika vyanzo vyao. Kwenye tovuti hii ya maonyesho,
data yote inatoka kwenye jenereta inayoweza kurudiwa na inaweza kutengenezwa upya wakati wowote.

## Wasiliana nasi

Umeona kosa, au unataka kujua zaidi? Waandikie wahariri kupitia ukurasa wa **Mawasiliano**.
Tunasoma kila ujumbe, ingawa hatuwezi kuahidi kujibu kila mmoja peke yake.
`,
  },
  'privacy-policy': {
    title: 'Sera ya Faragha',
    body: `# Sera ya Faragha

*Maandishi ya mfano kwa tovuti ya maonyesho kuhusu nchi ya kubuni (Marisola). Si ushauri wa
kisheria: anayeendesha tovuti hii kwa kweli lazima aibadilishe kwa sera yake mwenyewe.*

Tunakusanya data binafsi kidogo iwezekanavyo, na kwa ajili ya kuendesha tovuti tu.

## Tunachokusanya

- **Fomu ya mawasiliano:** jina lako, anwani ya barua pepe, mada na ujumbe, pamoja na lugha ya
  ukurasa uliotumia.
- **Akaunti (si lazima):** jina lako, anwani ya barua pepe, nambari ya simu ukiiongeza, alama
  fiche ya nenosiri lako, vipindi vyako (kivinjari na mahali takriban kutokana na anwani ya IP)
  na mipangilio yako ya usalama, kama uthibitishaji wa hatua mbili.
- **Mapendeleo:** lugha uliyochagua huhifadhiwa kwenye kidakuzi; hali ya rangi (angavu, giza au
  ya mfumo) hubaki kwenye hifadhi ya kivinjari chako na haitumwi kwetu kamwe.
- **Kumbukumbu za seva:** anwani ya IP, muda na ukurasa ulioombwa, huhifadhiwa hadi siku 30 ili
  kuzuia matumizi mabaya.

## Kwa nini tunazitumia

Ujumbe wa mawasiliano hutumika kukujibu na kusahihisha saraka tu. Data ya akaunti hutumika
kukuingiza, kulinda akaunti yako na kukutumia taarifa ulizojiandikisha kupokea tu. Hatuuzi data
yako, na hatutumii matangazo wala vidakuzi vya kufuatilia.

## Muda wa kuhifadhi

Ujumbe wa mawasiliano hufutwa miezi 12 baada ya kujibiwa. Akaunti huhifadhiwa hadi utakapozifuta;
kumbukumbu zake za shughuli huhifadhiwa kwa siku 90.

## Haki zako

Unaweza kuomba kuona, kusahihisha au kufuta data binafsi tuliyo nayo kukuhusu. Ukiwa umeingia,
unaweza kufanya mengi ya haya mwenyewe kwenye ukurasa wa wasifu wako; kwa mengine, tumia ukurasa
wa **Mawasiliano**.

## Wagombea

Taarifa kuhusu wagombea zinatoka kwenye orodha za uteuzi zilizo wazi kwa umma. Mgombea anayeona
kwamba taarifa zake si sahihi anaweza kuwaomba wahariri wazirekebishe.
`,
  },
  'terms-and-conditions': {
    title: 'Vigezo na Masharti',
    body: `# Vigezo na Masharti

*Maandishi ya mfano kwa tovuti ya maonyesho kuhusu nchi ya kubuni (Marisola). Yabadilishwe
kabla ya kuchapisha data halisi ya uchaguzi.*

Kwa kutumia tovuti hii unakubali vigezo na masharti haya.

## Taarifa zilizo kwenye tovuti hii

Saraka hii inatolewa kwa ajili ya taarifa tu. Kwenye tovuti hii ya maonyesho, kila mtu, chama na
mahali ni **data ya mfano ya kubuni**. Katika matumizi halisi wahariri hujitahidi kuwa sahihi,
lakini matokeo na orodha rasmi ni zile zinazochapishwa na tume ya uchaguzi.

## Matumizi yanayokubalika

Unaweza kusoma, kutafuta, kuchapisha na kuhamisha saraka bila malipo. Hairuhusiwi:

1. kutuma ujumbe wa matusi, vitisho au udanganyifu kupitia fomu ya mawasiliano;
2. kujaribu kufikia akaunti, data au sehemu za tovuti zisizokusudiwa kwako;
3. kuielemea tovuti kwa maombi ya kiotomatiki kupita kiasi kinachohitajika kwa kuvinjari kwa
   kawaida au kwa milisho ya kalenda iliyochapishwa;
4. kuwasilisha nyaraka zilizohamishwa kana kwamba ni nyaraka rasmi za uchaguzi.

## Akaunti

Unawajibika kulinda nenosiri lako na vipengele vyako vya pili vya uthibitishaji. Tunaweza
kusimamisha akaunti zinazokiuka masharti haya.

## Dhima

Tovuti hii inatolewa "kama ilivyo", bila dhamana yoyote. Hatuwajibiki kwa maamuzi yanayofanywa
kwa kutegemea taarifa zinazoonyeshwa hapa.

## Mabadiliko

Tunaweza kubadilisha masharti haya; tarehe ya toleo la karibuni inaonyeshwa kwenye ukurasa huu.
`,
  },
};
