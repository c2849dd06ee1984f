import { inArray } from "drizzle-orm";
import type { PropertyValue } from "../../contract/files.ts";
import type { Db } from "../db/client.ts";
import { properties, propertyOptions, users } from "../db/schema/index.ts";

/** A property value as a visitor reads it: the property's name and the value in words. */
export interface PublicPropertyValue {
  name: string;
  type: PropertyValue["type"];
  text: string;
}

/**
 * Values in words, for visitors who cannot look up property, option or member ids: option labels, the member's
 * name, the date. Hidden properties and hidden options are left out.
 */
export async function valuesInWords(db: Db, values: PropertyValue[]): Promise<PublicPropertyValue[]> {
  if (values.length === 0) return [];
  const props = await db
    .select({ id: properties.id, name: properties.name, hidden: properties.hidden })
    .from(properties)
    .where(
      inArray(
        properties.id,
        values.map((v) => v.property_id),
      ),
    );
  const optionIds = values.flatMap((v) => [
    ...(v.status ? [v.status.option_id] : []),
    ...(v.tag ?? []).map((o) => o.option_id),
    ...(v.multi_tag ?? []).map((o) => o.option_id),
  ]);
  const options = optionIds.length
    ? await db
        .select({ id: propertyOptions.id, label: propertyOptions.label, hidden: propertyOptions.hidden })
        .from(propertyOptions)
        .where(inArray(propertyOptions.id, optionIds))
    : [];
  const personIds = values.flatMap((v) => (v.person ? [v.person.user_id] : []));
  const people = personIds.length
    ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, personIds))
    : [];
  const label = (ids: { option_id: string }[]) =>
    ids
      .map((o) => options.find((x) => x.id === o.option_id && !x.hidden)?.label)
      .filter(Boolean)
      .join(", ");
  const words = (v: PropertyValue): string => {
    switch (v.type) {
      case "status":
        return v.status ? label([v.status]) : "";
      case "tag":
        return label(v.tag ?? []);
      case "multi_tag":
        return label(v.multi_tag ?? []);
      case "person":
        return people.find((p) => p.id === v.person?.user_id)?.name ?? "";
      case "date":
        return v.date?.start.slice(0, 10) ?? "";
      case "checkbox":
        return v.checkbox ? "Yes" : "No";
      default:
        return v.text ?? "";
    }
  };
  return values.flatMap((v) => {
    const prop = props.find((p) => p.id === v.property_id);
    const text = words(v);
    return prop && !prop.hidden && text ? [{ name: prop.name, type: v.type, text }] : [];
  });
}
