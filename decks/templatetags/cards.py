"""Template helpers for showing cards."""

from django import template

register = template.Library()


@register.filter
def keyword_label(term: dict) -> str:
    """A keyword term as players write it: {"keyword": "attack", "attributes": ["range"],
    "value": 2} → "Range Attack 2"."""
    words = [*term.get("attributes", ()), term["keyword"].replace("_", " ")]
    label = " ".join(words).title()
    if "values" in term:
        label += " " + "/".join(str(v) for v in term["values"])
    elif term.get("value") is not None:
        label += f" {term['value']}"
    if term.get("specific"):
        label += f" [{term['specific'].title()}]"
    return label
