/**
 * The reference wiki's accounts and their passwords (the fixture's README lists them), for tests
 * that log in as its users.
 */
export const REFERENCE_PASSWORDS: Readonly<Record<string, string>> = {
  Admin: 'Oracle-Admin-Pass-2024',
  Alice: 'Oracle-Pass-Alice-2024',
  Bob: 'Oracle-Pass-Bob-2024',
  Carol: 'Oracle-Pass-Carol-2024',
  Dave: 'Oracle-Pass-Dave-2024',
  Eve: 'Oracle-Pass-Eve-2024',
  'Frank Neu': 'Oracle-Pass-Frank-2024',
  Gustav: 'Oracle-Pass-Gustav-2024',
};
