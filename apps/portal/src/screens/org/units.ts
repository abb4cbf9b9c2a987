/** The organization's units as a choice offers them: active ones, named in the page's language. */
import { CONTRACT } from '@tawqi/api';
import type { SelectOption } from '@tawqi/ui';
import { useFormat } from '../../format.js';
import { useApi } from '../../queries.js';

export function useUnitOptions(organization: number, enabled = true): SelectOption[] {
  const format = useFormat();
  const units = useApi(
    CONTRACT.organizationUnitList,
    { params: { id: organization } },
    { enabled },
  );
  return (units.data?.dataList ?? []).map((unit) => ({
    id: String(unit.orgUnitSlNo),
    label:
      format.language === 'ar' ? unit.organizationalUnitNameArabic : unit.organizationalUnitName,
  }));
}
