import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names, letting later Tailwind utilities override earlier ones. Server components
 * only: client components use clsx, so twMerge's class tables stay out of the browser.
 */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}
