"""Widgets of the project's own look, so that a template writes ``{{ form.field }}`` and every
page draws the same HTML (the stylesheet and the browser tests rely on it)."""

from django import forms


class ChoiceButtons(forms.RadioSelect):
    """Radio buttons drawn as large buttons to tap: each option a ``label.choice`` holding
    its input (hidden, still focusable) and its text, lit when checked (static/css/app.css,
    « .choice »). No wrapping element: the template's own container (a fieldset or a span
    of class ``choices``) lays them out."""

    template_name = "widgets/choice_buttons.html"
    option_template_name = "widgets/choice_button.html"


def choice_buttons(choices, *, required: bool = False, initial=None) -> forms.ChoiceField:
    """A choice drawn as ``ChoiceButtons``: optional unless told."""
    return forms.ChoiceField(
        choices=choices, required=required, widget=ChoiceButtons, initial=initial
    )
