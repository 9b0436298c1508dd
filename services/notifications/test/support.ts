export const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
