import type { CommunicationType } from '@kith/contracts';

/** The demo account's address book: some overdue, some due soon, some recently contacted. */
export const DEMO_LISTS = [
  { key: 'best', name: 'Best Friends', description: 'The people who matter most', color: '#ef4444', reminderDays: 30 },
  { key: 'family', name: 'Family', description: 'Parents, siblings and cousins', color: '#8b5cf6', reminderDays: 60 },
  { key: 'work', name: 'Work', description: 'Colleagues and mentors', color: '#3b82f6', reminderDays: 90 },
  {
    key: 'acquaintances',
    name: 'Acquaintances',
    description: 'Friends of friends, old classmates',
    color: '#f59e0b',
    reminderDays: 180,
  },
] as const;

type ListKey = (typeof DEMO_LISTS)[number]['key'];

export interface DemoContact {
  firstName: string;
  lastName: string;
  email?: string;
  phoneNumber?: string;
  notes?: string;
  list: ListKey | null;
  customReminderDays?: number;
  company?: string;
  jobTitle?: string;
  /** Birthday this many days after the seed (so the birthday panel has something to show), and the birth year if known. */
  birthday?: { inDays: number; year?: number };
  /** Days before the seed of each interaction, most recent first; empty = never contacted. */
  interactions: { daysAgo: number; type: CommunicationType; notes?: string }[];
}

export const DEMO_CONTACTS: DemoContact[] = [
  {
    firstName: 'Maya',
    lastName: 'Patel',
    email: 'maya.patel@example.com',
    phoneNumber: '+1 415 555 0142',
    notes: 'Loves climbing',
    list: 'best',
    birthday: { inDays: 3, year: 1992 },
    interactions: [
      { daysAgo: 45, type: 'PHONE_CALL', notes: 'Talked about her new job' },
      { daysAgo: 80, type: 'IN_PERSON' },
    ],
  },
  {
    firstName: 'Liam',
    lastName: "O'Connor",
    email: 'liam.oconnor@example.com',
    phoneNumber: '+353 86 555 0199',
    list: 'best',
    interactions: [{ daysAgo: 27, type: 'TEXT', notes: 'Planning the summer trip' }],
  },
  {
    firstName: 'Sofia',
    lastName: 'Rossi',
    email: 'sofia.rossi@example.com',
    list: 'best',
    interactions: [
      { daysAgo: 2, type: 'IN_PERSON', notes: 'Coffee downtown' },
      { daysAgo: 33, type: 'PHONE_CALL' },
    ],
  },
  {
    firstName: 'Noah',
    lastName: 'Kim',
    phoneNumber: '+1 212 555 0107',
    notes: 'Met at university',
    list: 'best',
    interactions: [],
  },
  {
    firstName: 'Elena',
    lastName: 'Garcia',
    email: 'mum@example.com',
    phoneNumber: '+34 600 555 012',
    notes: 'Call on Sundays',
    list: 'family',
    interactions: [
      { daysAgo: 6, type: 'PHONE_CALL' },
      { daysAgo: 20, type: 'PHONE_CALL' },
    ],
  },
  {
    firstName: 'Carlos',
    lastName: 'Garcia',
    email: 'carlos.garcia@example.com',
    list: 'family',
    interactions: [{ daysAgo: 75, type: 'EMAIL', notes: 'Sent photos from the wedding' }],
  },
  {
    firstName: 'Ana',
    lastName: 'Garcia',
    phoneNumber: '+34 611 555 034',
    list: 'family',
    customReminderDays: 14,
    interactions: [{ daysAgo: 12, type: 'TEXT', notes: 'Asked about her exams' }],
  },
  {
    firstName: 'Grace',
    lastName: 'Okafor',
    email: 'grace.okafor@example.com',
    notes: 'Mentor; reads a lot of history',
    list: 'work',
    company: 'Northwind Labs',
    jobTitle: 'Engineering Director',
    birthday: { inDays: 10 },
    interactions: [{ daysAgo: 120, type: 'IN_PERSON', notes: 'Lunch after the conference' }],
  },
  {
    firstName: 'Tom',
    lastName: 'Becker',
    email: 'tom.becker@example.com',
    phoneNumber: '+49 151 5550 1234',
    list: 'work',
    interactions: [{ daysAgo: 85, type: 'EMAIL' }],
  },
  {
    firstName: 'Priya',
    lastName: 'Shah',
    email: 'priya.shah@example.com',
    list: 'work',
    interactions: [{ daysAgo: 10, type: 'OTHER', notes: 'Met at the product meetup' }],
  },
  {
    firstName: 'Hannah',
    lastName: 'Schmidt',
    email: 'hannah.s@example.com',
    list: 'acquaintances',
    interactions: [{ daysAgo: 200, type: 'EMAIL' }],
  },
  {
    firstName: 'Omar',
    lastName: 'Haddad',
    phoneNumber: '+44 7700 900123',
    notes: 'Neighbour, has a dog named Pixel',
    list: 'acquaintances',
    interactions: [{ daysAgo: 30, type: 'IN_PERSON' }],
  },
  {
    firstName: 'Julia',
    lastName: 'Novak',
    email: 'julia.novak@example.com',
    list: null,
    interactions: [{ daysAgo: 95, type: 'PHONE_CALL' }],
  },
  {
    firstName: 'Ben',
    lastName: 'Carter',
    email: 'ben.carter@example.com',
    list: null,
    interactions: [{ daysAgo: 4, type: 'TEXT' }],
  },
  {
    firstName: 'Chloe',
    lastName: 'Martin',
    phoneNumber: '+33 6 55 50 12 34',
    list: null,
    customReminderDays: 7,
    interactions: [{ daysAgo: 5, type: 'PHONE_CALL', notes: 'Catch up next week' }],
  },
];
