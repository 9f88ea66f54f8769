import { redirect } from "next/navigation";

// The route / is treated like /login, which sends someone
// already signed in on to the dashboard.
export default function Home() {
  redirect("/login");
}
