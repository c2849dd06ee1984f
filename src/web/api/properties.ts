import { useQueryClient } from "@tanstack/react-query";
import type { File, PropertyValue } from "../../contract/files.ts";
import { getFile, listFiles, setFilePropertyValue } from "../../contract/operations/files.ts";
import {
  createProperty,
  createPropertyOption,
  deleteProperty,
  deletePropertyOption,
  getProperty,
  listProperties,
  updateProperty,
  updatePropertyOption,
} from "../../contract/operations/properties.ts";
import type { Property } from "../../contract/properties.ts";
import { call } from "./client.ts";
import { fileQuery, runBulk } from "./files.ts";
import { apiQuery, apiQueryAll, keyOf, useApiMutation } from "./query.ts";

/** The brandspace's properties in position order, each with its options (at most 100: one or two pages). */
export const propertiesQuery = () => apiQueryAll(listProperties);
export const propertyQuery = (propertyId: string) => apiQuery(getProperty, { params: { propertyId } });

/** The list's cache key, which moves are written to before the service answers. */
const propertiesKey = () => propertiesQuery().queryKey;

// Every change to a property or an option refetches the list and the property; values on files may change too.
const PROPERTY_READS = [listProperties, getProperty];

export const useCreateProperty = () => useApiMutation(createProperty, { invalidates: PROPERTY_READS });
export const useUpdateProperty = () => useApiMutation(updateProperty, { invalidates: PROPERTY_READS });
export const useDeleteProperty = () =>
  useApiMutation(deleteProperty, { invalidates: [...PROPERTY_READS, getFile, listFiles] });
export const useCreateOption = () => useApiMutation(createPropertyOption, { invalidates: PROPERTY_READS });
export const useUpdateOption = () => useApiMutation(updatePropertyOption, { invalidates: PROPERTY_READS });
export const useDeleteOption = () =>
  useApiMutation(deletePropertyOption, { invalidates: [...PROPERTY_READS, getFile] });

/** `list` with the item at `from` moved to `to`, positions renumbered from 0 as the service numbers them. */
export function moved<T extends { position: number }>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item) next.splice(to, 0, item);
  return next.map((entry, position) => ({ ...entry, position }));
}

/**
 * Moves a property to `position`: the list shows the new order at once, and the service's order afterwards
 * (the list is refetched whether the PATCH succeeded or not).
 */
export function useMoveProperty() {
  const queryClient = useQueryClient();
  const update = useUpdateProperty();
  return async (property: Property, position: number) => {
    const key = propertiesKey();
    // A refetch already under way (a live update) would answer with the order before this move and undo it on
    // screen: moving the row under a drag in progress ends the drag.
    await queryClient.cancelQueries({ queryKey: key });
    const list = queryClient.getQueryData<Property[]>(key);
    if (list) {
      const from = list.findIndex((p) => p.id === property.id);
      if (from >= 0) queryClient.setQueryData(key, moved(list, from, position));
    }
    try {
      return await update.mutateAsync({ params: { propertyId: property.id }, body: { position } });
    } finally {
      void queryClient.invalidateQueries({ queryKey: keyOf(listProperties) });
    }
  };
}

/** A value in the shape PUT takes: the type's own key of a PropertyValue, or null to clear. */
export type ValueInput =
  | { option_id: string }
  | { option_id: string }[]
  | { user_id: string }
  | { start: string }
  | boolean
  | string
  | null;

/**
 * Sets (or with null clears) a brandspace property's value on a file. The file page shows the service's answer
 * at once; listings, which may filter on values, refetch.
 */
export function useSetPropertyValue(fileId: string) {
  const queryClient = useQueryClient();
  const mutation = useApiMutation(setFilePropertyValue, { invalidates: [listFiles] });
  const set = async (propertyId: string, value: ValueInput): Promise<PropertyValue> => {
    const answer = await mutation.mutateAsync({ params: { fileId, propertyId }, body: { value } });
    queryClient.setQueryData<File>(fileQuery(fileId).queryKey, (file) =>
      file ? { ...file, properties: withValue(file.properties, answer) } : file,
    );
    return answer;
  };
  return { set, pending: mutation.isPending };
}

function withValue(values: PropertyValue[], value: PropertyValue): PropertyValue[] {
  const others = values.filter((v) => v.property_id !== value.property_id);
  return [...others, value];
}

/** Sets (or with null clears) a brandspace property's value from a listing's cell: listings and the file refetch. */
export const useSetFileValue = () =>
  useApiMutation(setFilePropertyValue, { invalidates: [listFiles, getFile] });

/**
 * Sets (or with null clears) one brandspace property's value on each file, a few at a time as the other bulk
 * actions; `onSettled` runs after each file, whether it worked or not (a progress count).
 */
export const setPropertyOnFiles = (
  fileIds: string[],
  propertyId: string,
  value: ValueInput,
  onSettled?: () => void,
) =>
  runBulk(fileIds, async (fileId) => {
    try {
      await call(setFilePropertyValue, { params: { fileId, propertyId }, body: { value } });
    } finally {
      onSettled?.();
    }
  });
