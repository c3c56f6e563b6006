import type { Messages, PageMessages } from "../../i18n/messages/index.ts";

/** An article type's name in the messages ("Research article" / "Araştırma makalesi"); a type they do not name is shown as it is. */
export const articleTypeName = (type: string, t: PageMessages) => t.articles.types[type as keyof Messages["articles"]["types"]] ?? type;
