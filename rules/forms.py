"""The ruling form judges fill in on a card's or a rule section's page."""

import datetime

from django import forms

from .core.keywords import GLOSSARY


class RulingForm(forms.Form):
    question = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}),
        max_length=2000,
        help_text="The question as the players asked it.",
    )
    answer = forms.CharField(widget=forms.Textarea(attrs={"rows": 5}), max_length=5000)
    source = forms.CharField(
        max_length=300, help_text="Who ruled, or where it was published (event, FAQ, designer)."
    )
    date = forms.DateField(
        initial=datetime.date.today, widget=forms.DateInput(attrs={"type": "date"})
    )
    keyword = forms.ChoiceField(
        required=False,
        choices=[("", "None")] + [(k.slug, k.name) for k in GLOSSARY if not k.deprecated_for],
        help_text="Also list the ruling on this keyword's page.",
    )
    card = forms.IntegerField(required=False, widget=forms.HiddenInput)
    section = forms.CharField(required=False, widget=forms.HiddenInput)
