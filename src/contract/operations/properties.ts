import { z } from "zod";
import { deletionOf, listOf, PaginationQuery } from "../common.ts";
import { defineOperation } from "../operation.ts";
import {
  CreateOptionBody,
  CreatePropertyBody,
  Option,
  Property,
  UpdateOptionBody,
  UpdatePropertyBody,
} from "../properties.ts";

const PropertyParams = z.strictObject({ propertyId: z.string() });
const OptionParams = z.strictObject({ propertyId: z.string(), optionId: z.string() });
const base = { plane: "regional", auth: "key", tag: "Properties" } as const;

export const listProperties = defineOperation({
  ...base,
  id: "listProperties",
  method: "GET",
  path: "/v1/properties",
  scope: "properties:read",
  summary: "The brandspace's properties in position order, each with its options.",
  query: PaginationQuery,
  status: 200,
  response: listOf(Property),
});

export const createProperty = defineOperation({
  ...base,
  id: "createProperty",
  method: "POST",
  path: "/v1/properties",
  scope: "properties:write",
  summary: "Create a brandspace property, appended last.",
  body: CreatePropertyBody,
  status: 201,
  response: Property,
});

export const getProperty = defineOperation({
  ...base,
  id: "getProperty",
  method: "GET",
  path: "/v1/properties/{propertyId}",
  scope: "properties:read",
  summary: "A brandspace property with its options.",
  params: PropertyParams,
  status: 200,
  response: Property,
});

export const updateProperty = defineOperation({
  ...base,
  id: "updateProperty",
  method: "PATCH",
  path: "/v1/properties/{propertyId}",
  scope: "properties:write",
  summary: "Rename, reorder, hide or change the selection mode of a property; its type never changes.",
  params: PropertyParams,
  body: UpdatePropertyBody,
  status: 200,
  response: Property,
});

export const deleteProperty = defineOperation({
  ...base,
  id: "deleteProperty",
  method: "DELETE",
  path: "/v1/properties/{propertyId}",
  scope: "properties:write",
  summary: "Delete a property and clear its values on every file.",
  params: PropertyParams,
  status: 200,
  response: deletionOf("property"),
});

export const createPropertyOption = defineOperation({
  ...base,
  id: "createPropertyOption",
  method: "POST",
  path: "/v1/properties/{propertyId}/options",
  scope: "properties:write",
  summary: "Add an option to a status or tag property (last, or at `position`).",
  params: PropertyParams,
  body: CreateOptionBody,
  status: 201,
  response: Option,
});

export const updatePropertyOption = defineOperation({
  ...base,
  id: "updatePropertyOption",
  method: "PATCH",
  path: "/v1/properties/{propertyId}/options/{optionId}",
  scope: "properties:write",
  summary: "Relabel, recolour, hide or move an option.",
  params: OptionParams,
  body: UpdateOptionBody,
  status: 200,
  response: Option,
});

export const deletePropertyOption = defineOperation({
  ...base,
  id: "deletePropertyOption",
  method: "DELETE",
  path: "/v1/properties/{propertyId}/options/{optionId}",
  scope: "properties:write",
  summary: "Delete an option and clear it from every file that used it.",
  params: OptionParams,
  status: 200,
  response: deletionOf("option"),
});

export const propertyOperations = [
  listProperties,
  createProperty,
  getProperty,
  updateProperty,
  deleteProperty,
  createPropertyOption,
  updatePropertyOption,
  deletePropertyOption,
];
