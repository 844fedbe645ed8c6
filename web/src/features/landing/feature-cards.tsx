import type { ReactNode } from 'react';

/** The six promises of the landing page (docs/product.md sections 1 and 2). */
export const FEATURE_CARDS: ReadonlyArray<{ title: string; description: string; icon: ReactNode }> = [
  {
    title: 'Risk Scoring',
    description: 'Risk scores from 1 to 10 for more than 700,000 facilities.',
    icon: <path d="M4 16a8 8 0 0 1 16 0M12 16l4-5M7 16h.01M17 16h.01" />,
  },
  {
    title: 'Interactive Mapping',
    description: 'State, county and location maps with heat maps and facility pins.',
    icon: <path d="M9 4 3 6v14l6-2 6 2 6-2V4l-6 2-6-2zM9 4v14M15 6v14" />,
  },
  {
    title: 'Comprehensive Data',
    description: 'Facility, tank, leak-history and compliance details in one place.',
    icon: <path d="M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3zM4 6v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3" />,
  },
  {
    title: 'Address Search',
    description: 'Address search with autocomplete and proximity-based discovery.',
    icon: <path d="M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM16 16l5 5" />,
  },
  {
    title: 'Insurance Integration',
    description: 'Exposure sheets and carrier details for underwriting.',
    icon: <path d="M12 3 4 6v6c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V6l-8-3zM9 12l2 2 4-4" />,
  },
  {
    title: 'Role-Based Access',
    description: 'Access for administrators, underwriters, brokers and general users.',
    icon: <path d="M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21v-1a7 7 0 0 1 14 0v1M17 4a4 4 0 0 1 0 7M22 21v-1a7 7 0 0 0-4-6.3" />,
  },
];
