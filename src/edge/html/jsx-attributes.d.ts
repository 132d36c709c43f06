// Attributes browsers support that @kitajs/html's element types leave out.
declare namespace JSX {
  interface HtmlImageTag {
    referrerpolicy?: 'no-referrer' | 'origin' | 'same-origin' | 'strict-origin' | 'strict-origin-when-cross-origin' | 'unsafe-url';
    fetchpriority?: 'high' | 'low' | 'auto';
  }
}
