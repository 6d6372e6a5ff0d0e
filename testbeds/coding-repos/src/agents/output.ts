/** The end of a long output, for reading a failed run. */
export const tail = (text: string, chars = 4000): string => (text.length > chars ? text.slice(-chars) : text);
