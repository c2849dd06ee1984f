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
import { route } from "../platform/route.ts";
import * as service from "./properties.service.ts";

export function propertiesRoutes() {
  return [
    route(listProperties, (ctx) => service.listProperties(ctx, { page: ctx.query })),
    route(createProperty, (ctx) => service.createProperty(ctx, { body: ctx.body })),
    route(getProperty, (ctx) => service.getProperty(ctx, ctx.params)),
    route(updateProperty, (ctx) => service.updateProperty(ctx, { ...ctx.params, changes: ctx.body })),
    route(deleteProperty, (ctx) => service.deleteProperty(ctx, ctx.params)),
    route(createPropertyOption, (ctx) => service.createOption(ctx, { ...ctx.params, body: ctx.body })),
    route(updatePropertyOption, (ctx) => service.updateOption(ctx, { ...ctx.params, changes: ctx.body })),
    route(deletePropertyOption, (ctx) => service.deleteOption(ctx, ctx.params)),
  ];
}
