import { fetchBarcodePdf } from './refillsApi';

/**
 * Opens the labels of the chosen stations (S) or vehicles (V) in a new tab. The tab is opened while the
 * click still counts as the user's, so no pop-up blocker stops it, and shows the PDF once it arrives.
 */
export async function openBarcodePdf(ids: number[], itemsType: 'S' | 'V'): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const pdf = await fetchBarcodePdf(ids, itemsType);
    const address = URL.createObjectURL(pdf);
    if (tab) tab.location.href = address;
    else window.location.href = address;
  } catch (error) {
    tab?.close();
    throw error;
  }
}
