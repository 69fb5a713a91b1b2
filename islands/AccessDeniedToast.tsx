import { useEffect } from "react";
import { toast } from "../components/toast.ts";

/**
 * Shows the spec's 'Access Denied' toast when a page refuses the user's role (the platform spec's «Roles and
 * permissions» and «The error catalogue»).
 */
export default function AccessDeniedToast({ text }: { text: string }) {
  useEffect(() => {
    toast({ title: "Access Denied", description: text, variant: "destructive" });
  }, [text]);
  return null;
}
