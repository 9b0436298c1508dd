export interface TourStep {
  title: string;
  content: string;
  /** `data-tour` ids to highlight, first one on screen wins; none → the step is centred. */
  targets: string[];
}

/** The 7-step guided tour. */
export const TOUR_STEPS: readonly TourStep[] = [
  {
    title: 'Your Dashboard',
    content:
      'This is your home base: how many contacts you keep, who is overdue and how each list is doing, at a glance.',
    targets: ['dashboard-stats', 'nav-dashboard'],
  },
  {
    title: 'Contacts Section',
    content: 'All your people live here. Search, sort, group them by list and log every time you get in touch.',
    targets: ['nav-contacts'],
  },
  {
    title: 'Contact Lists',
    content: 'Group contacts into lists such as Family or Close Friends, each with its own reminder interval.',
    targets: ['nav-lists'],
  },
  {
    title: 'Reminder System',
    content:
      'Colours tell you who needs attention: red is overdue, yellow is due soon and green means recently contacted.',
    targets: ['overdue-contacts'],
  },
  {
    title: 'Adding Contacts',
    content: 'Add people one by one, or import a whole address book from a vCard file with Import Contacts.',
    targets: ['add-contact', 'nav-contacts'],
  },
  {
    title: 'Phone Integration',
    content:
      "Sync with your phone to keep contacts up to date: in Settings › Phone sync, create an app password and add Kith to your phone's contacts as a CardDAV account.",
    targets: ['nav-settings'],
  },
  {
    title: 'Settings',
    content:
      'Review your profile and notification settings, including reminder days for best friends, friends and acquaintances.',
    targets: ['nav-settings'],
  },
];
