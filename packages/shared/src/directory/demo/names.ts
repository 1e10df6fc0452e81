// Name pools for people in the fictional Republic of Marisola. They deliberately mix spaces,
// hyphens, apostrophes, non-ASCII letters (including combining marks) and two-letter names so
// that slugs, search and escaping get exercised.

export const COUNTRY = 'Marisola';

export const FEMALE_GIVEN: readonly string[] = [
  'Amara', 'Zoë', 'Émilie', 'Ñusta', 'Ama', 'Bo', 'Jo', 'Akosua', 'Fatoumata', 'Nkechi',
  'Wanjiru', 'Aïcha', 'Chloé', 'Inès', 'Ingrid', 'Mette-Marie', 'Anne-Sophie', 'Marie-Claire',
  'Njeri', 'Ewurabena', 'Abena', 'Adjoa', 'Esi', 'Yaa', 'Efua', 'Nana', 'Ifeoma', 'Chiamaka',
  'Zainab', 'Halima', 'Mariam', 'Aminata', 'Kadiatou', 'Awa', 'Nafissatou', 'Rokia', 'Béatrice',
  'Hélène', 'Léa', 'Renée', 'Noëlle', 'Thảo', 'Ngọc', 'Lan', 'Mai', 'Ɔfɔriwaa', 'Ŋima',
  'María José', 'Begoña', 'Ángela', 'Lucía', 'Sofía', 'Mónica', 'Åse', 'Sólveig', 'Dagný',
  'Jolène', 'Oyèlárá', 'Wangũi', 'Nyambura',
];

export const MALE_GIVEN: readonly string[] = [
  'Kwame', 'Kofi', 'Kwabena', 'Yaw', 'Kojo', 'Bo', 'Jo', 'Ed', 'Al', 'Émile', 'Jürgen',
  'Søren', 'Bjørn', 'Jean-Baptiste', 'Jean-Luc', 'Pierre-Yves', 'Ousmane', 'Mamadou', 'Ibrahima',
  'Moussa', 'Seydou', 'Chinedu', 'Emeka', 'Obinna', 'Tunde', 'Kamau', 'Otieno', 'Baraka', 'Juma',
  'Jabari', 'Đức', 'Minh', 'Quang', 'Thành', 'José', 'Iñaki', 'Íñigo', 'Ramón', 'Joaquín',
  'Andrés', 'Nuño', 'Ɔkɔmfo', 'Ŋoni', 'Étienne', 'François', 'Loïc', 'Gaël', 'Jérôme', 'Ólafur',
  'Thor', 'Kɛlɛ', 'Oluwaṣeun', 'Adébáyọ̀', 'Kariũki', 'Mwenda', 'Tiago', 'João', 'Zé', 'Ny', 'Lê Văn',
];

export const SURNAMES: readonly string[] = [
  "O'Brien", "N'Guessan", "D'Almeida", "M'Bala", "O'Neill", "D'Souza", "N'Diaye", "Thiong'o",
  "wa Thiong'o", "Achieng'", 'Ng', 'Ou', 'Li', 'Wu', 'Ba', 'Sy', 'Ka', 'Ly', 'Sá', 'Lê',
  'Nguyễn', 'Trần', 'Đặng', 'Phạm', 'Mensah', 'Mensah-Bonsu', 'Owusu-Ansah', 'Boateng', 'Asante',
  'Ofori-Atta', 'Appiah', 'Adjei', 'Ɔpɔku', 'Kɔnadu', 'Ngũgĩ', 'Kamau', 'Mwangi', 'Otieno',
  'Odhiambo', 'Wanjiku', 'Kariuki', 'Njoroge', 'Diallo', 'Traoré', 'Touré', 'Koné', 'Coulibaly',
  'Konaté', 'Sané', 'Ndiaye', 'Okafor', 'Eze', 'Nwosu', 'Adébáyọ̀', 'Okonkwo', 'Abubakar', 'Bello',
  'Yusuf', 'Haruna', 'Søndergaard', 'Østergaard', 'Jørgensen', 'Müller', 'Schäfer', 'Groß',
  'Núñez', 'Muñoz', 'Ibáñez', 'Peña', 'García-López', 'de la Cruz', 'van der Berg', 'Le Goff',
  'Lefèvre', 'Bélanger', 'Côté', 'Gagné', 'Dubois-Martin', 'Mendes', 'Gonçalves', 'Conceição',
  'Þórsdóttir', 'Ŋaruiya', 'Ɛdusei', 'Mbɔwɛ', 'Kéita', 'Sissoko', 'Fofana', 'Bangura', 'Kamara',
  'Sesay', 'Conteh', 'Turay', 'Mansaray', 'Kargbo', 'Jalloh', 'Koroma', 'Banda', 'Phiri', 'Mwale',
  'Tembo', 'Zulu', 'Dlamini', 'Nkosi', 'Moyo', 'Ncube', 'Chikwanha', 'Mutasa', 'Achebe-Ọkọ',
  'Saint-Clair', 'Ó Súilleabháin', "Mac Giolla Phádraig", 'Al-Amin', 'El-Hadj', 'Ødegård',
];

export const OCCUPATIONS: readonly string[] = [
  'Teacher', 'Farmer', 'Nurse', 'Lawyer', 'Accountant', 'Civil engineer', 'Trader', 'Pharmacist',
  'Journalist', 'Fisher', 'Mechanic', 'Doctor', 'Social worker', 'Entrepreneur', 'Carpenter',
  'Economist', 'Retired civil servant', 'Agronomist', 'Midwife', 'Software developer',
  'University lecturer', 'Architect', 'Community organiser', 'Police officer (retired)',
  'Tailor', 'Cooperative manager', 'Radio presenter', 'Veterinarian', 'Tour guide', 'Pastor',
  'Imam', 'Electrician', 'Transport operator', 'Banker', 'Town planner',
];

const DEGREES: readonly string[] = [
  'BA Political Science', 'LLB', 'BSc Agriculture', 'MBA', 'Diploma in Nursing', 'BEd',
  'MSc Economics', 'PhD History', 'Certificate in Accounting', 'BSc Civil Engineering',
  'MA Development Studies', 'Diploma in Journalism', 'BCom', 'MPH',
];

const INSTITUTIONS: readonly string[] = [
  'University of Marisola', "Côte d'Émeraude Polytechnic", "Great Lakes Teachers' College",
  'Bo Technical Institute', 'National School of Administration', 'Université Libre de Sainte-Hélène',
  'Chuo Kikuu cha Pwani', 'Land in the Hills Agricultural College',
];

export const EDUCATION: readonly string[] = DEGREES.flatMap((d) => INSTITUTIONS.map((i) => `${d}, ${i}`))
  .concat(['Secondary School Certificate', 'Primary education, adult literacy programme']);

export const IDEOLOGIES: readonly string[] = [
  'Social democracy', 'Liberal conservatism', 'Green politics', 'Pan-Africanism',
  'Agrarianism', 'Christian democracy', 'Classical liberalism', 'Democratic socialism',
  'Regionalism', 'Centrism',
];
