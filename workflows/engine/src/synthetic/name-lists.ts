/**
 * Vocabulary of the synthetic person generator: common given names and surnames in Australia (ordered
 * roughly from most to least common, so Zipf weighting gives realistic frequencies), real suburbs with their
 * postcode and state, and street names. Only public, non-personal facts: names alone identify nobody.
 */
export const FEMALE_NAMES = [
  'Olivia', 'Charlotte', 'Mia', 'Emily', 'Jessica', 'Sarah', 'Emma', 'Chloe', 'Sophie', 'Grace', 'Amelia', 'Isabella',
  'Hannah', 'Ella', 'Lily', 'Ruby', 'Zoe', 'Georgia', 'Lauren', 'Rebecca', 'Michelle', 'Jennifer', 'Lisa', 'Karen',
  'Susan', 'Margaret', 'Elizabeth', 'Patricia', 'Mary', 'Helen', 'Catherine', 'Katherine', 'Nicole', 'Amanda',
  'Melissa', 'Kylie', 'Rachel', 'Samantha', 'Stephanie', 'Natalie', 'Kimberley', 'Danielle', 'Alexandra', 'Victoria',
  'Jacqueline', 'Deborah', 'Julie', 'Joanne', 'Anne', 'Christine', 'Wendy', 'Kerry', 'Leanne', 'Tracey', 'Narelle',
  'Bronwyn', 'Maree', 'Jasmine', 'Madison', 'Matilda', 'Harper', 'Evie', 'Willow', 'Ava', 'Isla', 'Aisha', 'Priya',
  'Mei', 'Linh', 'Fatima', 'Sienna', 'Abigail', 'Phoebe', 'Imogen', 'Claire', 'Fiona', 'Heather', 'Joy', 'Dorothy',
  'Beverley', 'Shirley', 'Valerie',
] as const

export const MALE_NAMES = [
  'Oliver', 'Jack', 'William', 'Noah', 'Thomas', 'James', 'Lucas', 'Henry', 'Ethan', 'Samuel', 'Joshua', 'Liam',
  'Daniel', 'Matthew', 'Benjamin', 'Alexander', 'Michael', 'David', 'Andrew', 'Christopher', 'Robert', 'John',
  'Peter', 'Mark', 'Paul', 'Stephen', 'Anthony', 'Richard', 'Nicholas', 'Timothy', 'Jonathan', 'Edward', 'Joseph',
  'Ryan', 'Luke', 'Nathan', 'Adam', 'Scott', 'Craig', 'Shane', 'Brett', 'Darren', 'Wayne', 'Glenn', 'Bruce', 'Graham',
  'Kevin', 'Trevor', 'Keith', 'Ian', 'Geoffrey', 'Kenneth', 'Ronald', 'Harrison', 'Cooper', 'Mason', 'Hudson',
  'Charlie', 'Leo', 'Archie', 'Hamish', 'Angus', 'Lachlan', 'Mitchell', 'Jayden', 'Tyler', 'Minh', 'Duc', 'Arjun',
  'Rahul', 'Mohammed', 'Ali', 'Wei', 'Hiroshi', 'Declan', 'Patrick', 'Sean', 'Callum', 'Finn', 'Toby', 'Xavier',
  'Zachary',
] as const

export const SURNAMES = [
  'Smith', 'Jones', 'Williams', 'Brown', 'Wilson', 'Taylor', 'Nguyen', 'Johnson', 'Martin', 'White', 'Anderson',
  'Walker', 'Thompson', 'Thomas', 'Lee', 'Ryan', 'Harris', 'Robinson', 'Kelly', 'King', 'Davis', 'Wright', 'Evans',
  'Roberts', 'Green', 'Hall', 'Wood', 'Jackson', 'Clarke', 'Tran', 'Campbell', 'Mitchell', 'Hughes', 'Edwards',
  'Turner', 'Hill', 'Scott', 'Moore', 'Cooper', 'Murphy', 'Stewart', 'Young', 'Allen', 'Baker', 'Ward', 'Morris',
  'Lewis', 'James', 'Phillips', 'Johnston', 'Bell', "O'Brien", 'Le', 'Watson', 'Kennedy', 'Murray', 'Graham',
  'Morgan', 'Russell', 'Carter', 'Cook', 'Collins', 'Bailey', 'Richardson', 'Parker', 'Shaw', 'Harrison', 'Clark',
  'Chen', 'Wang', 'Singh', 'Patel', 'Pham', 'Hoang', 'Li', 'Zhang', 'Kaur', 'Khan', 'Reid', 'Ross', 'Marshall',
  'Hamilton', 'Grant', 'Fraser', 'McDonald', 'MacKenzie', 'McLean', 'Sullivan', "O'Connor", 'Fitzgerald', 'Quinn',
  'Doyle', 'Brennan', 'Gallagher', 'Byrne', 'Walsh', 'Burke', 'Nolan', 'Dunn', 'Henderson', 'Ferguson', 'Gibson',
  'Simpson', 'Robertson', 'Fletcher', 'Harvey', 'Lawrence', 'Matthews', 'Knight', 'Webb', 'Spencer', 'Stevens',
  'Chapman', 'Holmes', 'Mills', 'Hunt', 'Palmer', 'Bishop', 'Barnes', 'Rogers', 'Price', 'Bennett', 'Wallace',
  'Armstrong', 'Duncan', 'Elliott', 'Hudson', 'Lynch', 'Hogan', 'Moran', 'Costa', 'Rossi', 'Romano', 'Russo',
  'Papadopoulos', 'Nikolaidis', 'Kowalski', 'Novak', 'Schmidt', 'Müller', 'Schultz', 'Becker', 'Van der Berg',
  'De Silva', 'Fernando', 'Perera', 'Gomez', 'Lopez', 'Garcia', 'Ali', 'Ahmed', 'Hussain', 'Kim', 'Park', 'Choi',
  'Yamamoto', 'Tanaka', 'Sato', 'Huang', 'Liu', 'Zhao', 'Wu', 'Ho', 'Lam', 'Vo', 'Dang', 'Bui', 'Do', 'Truong',
  'Jarrah', 'Tjapaltjarri', 'Mundine', 'Goodes', 'Freeman', 'Pearce', 'Sheppard', 'Whitfield', 'Ashcroft',
  'Honeyman', 'Pfister', 'Tymczak', 'Lachlan-Smith', 'Featherstonhaugh',
] as const

export const NICKNAMES: Readonly<Record<string, readonly string[]>> = {
  Robert: ['Bob', 'Rob'], William: ['Bill', 'Will'], Elizabeth: ['Liz', 'Beth'], Margaret: ['Maggie', 'Peg'],
  Catherine: ['Kate', 'Cathy'], Katherine: ['Kate', 'Kathy'], Jennifer: ['Jenny'], Michael: ['Mick', 'Mike'],
  Christopher: ['Chris'], Matthew: ['Matt'], Daniel: ['Dan'], James: ['Jim', 'Jamie'], Thomas: ['Tom'],
  Joseph: ['Joe'], Anthony: ['Tony'], Richard: ['Rick', 'Dick'], Andrew: ['Andy'], Benjamin: ['Ben'], Samuel: ['Sam'],
  Alexander: ['Alex'], Jessica: ['Jess'], Rebecca: ['Bec'], Samantha: ['Sam'], Patricia: ['Trish'], Susan: ['Sue'],
  Deborah: ['Deb'], Stephen: ['Steve'], Nicholas: ['Nick'], Jonathan: ['Jon'], Timothy: ['Tim'], Edward: ['Ted', 'Ed'],
  Victoria: ['Vicky'], Alexandra: ['Alex'], Kimberley: ['Kim'], Jacqueline: ['Jackie'], Zachary: ['Zac'],
}

/** Suburb, postcode, state. */
export const SUBURBS: ReadonlyArray<readonly [string, string, string]> = [
  ['Parramatta', '2150', 'NSW'], ['Blacktown', '2148', 'NSW'], ['Penrith', '2750', 'NSW'], ['Liverpool', '2170', 'NSW'],
  ['Newcastle', '2300', 'NSW'], ['Wollongong', '2500', 'NSW'], ['Bondi', '2026', 'NSW'], ['Chatswood', '2067', 'NSW'],
  ['Hornsby', '2077', 'NSW'], ['Dubbo', '2830', 'NSW'], ['Wagga Wagga', '2650', 'NSW'], ['Tamworth', '2340', 'NSW'],
  ['Orange', '2800', 'NSW'], ['Albury', '2640', 'NSW'], ['Richmond', '3121', 'VIC'], ['Footscray', '3011', 'VIC'],
  ['Frankston', '3199', 'VIC'], ['Geelong', '3220', 'VIC'], ['Ballarat', '3350', 'VIC'], ['Bendigo', '3550', 'VIC'],
  ['Dandenong', '3175', 'VIC'], ['Box Hill', '3128', 'VIC'], ['St Kilda', '3182', 'VIC'], ['Shepparton', '3630', 'VIC'],
  ['Werribee', '3030', 'VIC'], ['Toowoomba', '4350', 'QLD'], ['Cairns', '4870', 'QLD'], ['Townsville', '4810', 'QLD'],
  ['Southport', '4215', 'QLD'], ['Ipswich', '4305', 'QLD'], ['Mackay', '4740', 'QLD'], ['Rockhampton', '4700', 'QLD'],
  ['Bundaberg', '4670', 'QLD'], ['Maroochydore', '4558', 'QLD'], ['Indooroopilly', '4068', 'QLD'],
  ['Fremantle', '6160', 'WA'], ['Joondalup', '6027', 'WA'], ['Bunbury', '6230', 'WA'], ['Rockingham', '6168', 'WA'],
  ['Geraldton', '6530', 'WA'], ['Kalgoorlie', '6430', 'WA'], ['Midland', '6056', 'WA'], ['Mandurah', '6210', 'WA'],
  ['Subiaco', '6008', 'WA'], ['Glenelg', '5045', 'SA'], ['Elizabeth', '5112', 'SA'], ['Mount Gambier', '5290', 'SA'],
  ['Whyalla', '5600', 'SA'], ['Port Adelaide', '5015', 'SA'], ['Norwood', '5067', 'SA'], ['Salisbury', '5108', 'SA'],
  ['Hobart', '7000', 'TAS'], ['Launceston', '7250', 'TAS'], ['Devonport', '7310', 'TAS'], ['Burnie', '7320', 'TAS'],
  ['Kingston', '7050', 'TAS'], ['Darwin', '0800', 'NT'], ['Palmerston', '0830', 'NT'], ['Alice Springs', '0870', 'NT'],
  ['Katherine', '0850', 'NT'], ['Belconnen', '2617', 'ACT'], ['Tuggeranong', '2900', 'ACT'], ['Gungahlin', '2912', 'ACT'],
  ['Woden', '2606', 'ACT'],
]

export const STREET_NAMES = [
  'High', 'Station', 'Church', 'Park', 'Victoria', 'Queen', 'King', 'George', 'William', 'Elizabeth', 'Albert',
  'Railway', 'Bridge', 'Main', 'Hill', 'Mill', 'School', 'Oxford', 'Cambridge', 'Beach', 'Ocean', 'River', 'Lake',
  'Forest', 'Wattle', 'Banksia', 'Acacia', 'Jacaranda', 'Bottlebrush', 'Kookaburra', 'Lachlan', 'Murray', 'Darling',
  'Hume', 'Flinders', 'Sturt', 'Macquarie', 'Bligh', 'Cook', 'Phillip', 'Hunter', 'Collins', 'Bourke', 'Swanston',
  'Pitt', 'Kent', 'Sussex', 'Clarence', 'Edward', 'Tullaroop',
] as const

export const STREET_TYPES = ['Street', 'Road', 'Avenue', 'Drive', 'Court', 'Place', 'Crescent', 'Parade', 'Lane', 'Close', 'Way', 'Terrace'] as const

/** State spellings a provider might send, to exercise standardisation: abbreviation mostly, else name or code. */
export const STATE_SPELLINGS: Readonly<Record<string, readonly [string, string]>> = {
  NSW: ['New South Wales', '1'], VIC: ['Victoria', '2'], QLD: ['Queensland', '3'], SA: ['South Australia', '4'],
  WA: ['Western Australia', '5'], TAS: ['Tasmania', '6'], NT: ['Northern Territory', '7'], ACT: ['Australian Capital Territory', '8'],
}
