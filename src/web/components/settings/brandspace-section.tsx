import { useQuery } from "@tanstack/react-query";
import { brandspaceQuery } from "../../api/meta.ts";
import { formatDateTime } from "../../lib/format.ts";
import { DetailList, DetailRow } from "../ui/detail-list.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { Section } from "./section.tsx";

export function BrandspaceSection() {
  const brandspace = useQuery(brandspaceQuery());
  return (
    <Section id="brandspace" title="Brandspace">
      {brandspace.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : brandspace.error ? (
        <p role="alert" className="text-red-600 text-sm dark:text-red-400">
          {brandspace.error.message}
        </p>
      ) : (
        <DetailList>
          <DetailRow label="Name">{brandspace.data.name}</DetailRow>
          <DetailRow label="ID">
            <code className="font-mono text-[13px]">{brandspace.data.id}</code>
          </DetailRow>
          <DetailRow label="Region">{brandspace.data.region}</DetailRow>
          <DetailRow label="Plan">
            <span className="capitalize">{brandspace.data.plan}</span>
          </DetailRow>
          <DetailRow label="Members">
            <a href="#members" className="text-accent-700 hover:underline dark:text-accent-100">
              {brandspace.data.member_count}
            </a>
          </DetailRow>
          <DetailRow label="Created">
            <time dateTime={brandspace.data.created_at}>{formatDateTime(brandspace.data.created_at)}</time>
          </DetailRow>
        </DetailList>
      )}
    </Section>
  );
}
