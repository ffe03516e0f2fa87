"""`{% cite rule %}`: a rule citation as `<cite class="rule">`, linking to the cited section of the
judges' lookup when that rulebook is loaded and plain text otherwise (rules.selectors.citation_links). Every
template that shows a citation renders it with this tag."""

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from rules.selectors import citation_links

register = template.Library()


@register.simple_tag(takes_context=True)
def cite(context: template.Context, rule: object) -> SafeString | str:
    if not rule:
        return ""
    text = str(rule)
    # One resolver per request, so a page with many citations reads the lookup's tables once;
    # a template rendered without a request keeps it on its context instead.
    links = citation_links(context.get("request") or context)
    url = links.url(text)
    if url is None:
        return format_html('<cite class="rule">{}</cite>', text)
    return format_html('<cite class="rule"><a href="{}">{}</a></cite>', url, text)
