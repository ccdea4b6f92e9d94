import { Font } from '@react-pdf/renderer';

// The PDF layout hyphenates long words by default ("De-/cember"): a date, a reference or an amount
// split across lines is misread or mistyped. Every PDF the portal renders wraps at spaces only.
Font.registerHyphenationCallback((word) => [word]);
