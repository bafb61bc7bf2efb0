/** ADMIN-030: a last's default description — brand 15 gets 'WCG LAST', any other brand its name followed by ' LAST'. */
export const WCG_BRAND_ID = 15;

export function defaultLastDescription(brandId: number, brandName: string): string {
  return brandId === WCG_BRAND_ID ? 'WCG LAST' : `${brandName} LAST`;
}
