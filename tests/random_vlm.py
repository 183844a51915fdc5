"""Randomly initialised vision-language models saved as ordinary model folders, with a tokenizer
built here from a made-up vocabulary: the real backends load them like any checkpoint. For tests
and benchmarks on machines that cannot download weights (answers are noise; speed and plumbing are
real). Needs ``geomill[hf]``; Qwen2-VL's processor also needs torchvision."""
from __future__ import annotations

import string
from pathlib import Path

LLAVA_TEMPLATE = (
    "{% for message in messages %}{{ message['role'].upper() }}: "
    "{% for part in message['content'] %}{% if part['type'] == 'image' %}<image>\n"
    "{% else %}{{ part['text'] }}{% endif %}{% endfor %}\n{% endfor %}"
    "{% if add_generation_prompt %}ASSISTANT:{% endif %}")

QWEN_TEMPLATE = (
    "{% for message in messages %}<|im_start|>{{ message['role'] }}\n"
    "{% for part in message['content'] %}{% if part['type'] == 'image' %}"
    "<|vision_start|><|image_pad|><|vision_end|>{% else %}{{ part['text'] }}{% endif %}{% endfor %}"
    "<|im_end|>\n{% endfor %}{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}")

WORDS = list(string.ascii_letters + string.digits + string.punctuation) + [
    "the", "of", "is", "and", "angle", "side", "area", "perimeter", "final", "answer", "shape", "length",
    "degree", "compute", "Therefore", "True", "False", "a", "b", "c", "d", "e"]


def word_tokenizer(size: int, specials: dict[str, int], **roles: str):
    """A word-level fast tokenizer of ``size`` ids: ``specials`` at the given ids, then WORDS and
    filler words; anything else reads as ``<unk>``. ``roles``: bos_token=..., eos_token=..."""
    from tokenizers import Tokenizer, models, pre_tokenizers
    from transformers import PreTrainedTokenizerFast

    vocab = dict(specials)
    free = (i for i in range(size) if i not in set(specials.values()))
    for word in ["<unk>", *WORDS]:
        vocab.setdefault(word, next(free))
    for i in free:
        vocab[f"w{i}"] = i
    tok = Tokenizer(models.WordLevel(vocab, unk_token="<unk>"))
    tok.pre_tokenizer = pre_tokenizers.Whitespace()
    fast = PreTrainedTokenizerFast(tokenizer_object=tok, unk_token="<unk>", **roles)
    fast.add_special_tokens({"additional_special_tokens": [s for s in specials if s not in roles.values()]})
    return fast


def build_llava(folder: str | Path, hidden: int = 32, layers: int = 2, image_size: int = 28, patch: int = 14,
                vocab: int = 256, seed: int = 0) -> Path:
    """A LLaVA (CLIP vision tower, Llama text model), tiny by default: runs on a CPU in a fraction
    of a second, and needs no torchvision (Qwen2-VL's processor does)."""
    import torch
    from transformers import (
        CLIPImageProcessorPil,
        CLIPVisionConfig,
        LlamaConfig,
        LlavaConfig,
        LlavaForConditionalGeneration,
        LlavaProcessor,
    )

    folder = Path(folder)
    specials = {"<pad>": 0, "<s>": 1, "</s>": 2, "<image>": 3}
    tokenizer = word_tokenizer(vocab, specials, pad_token="<pad>", bos_token="<s>", eos_token="</s>")
    tokenizer.chat_template = LLAVA_TEMPLATE
    vision = CLIPVisionConfig(hidden_size=hidden, intermediate_size=2 * hidden, num_hidden_layers=layers,
                              num_attention_heads=2, image_size=image_size, patch_size=patch, projection_dim=hidden)
    text = LlamaConfig(vocab_size=vocab, hidden_size=hidden, intermediate_size=2 * hidden, num_hidden_layers=layers,
                       num_attention_heads=2, num_key_value_heads=2, max_position_embeddings=4096,
                       pad_token_id=0, bos_token_id=1, eos_token_id=2)
    config = LlavaConfig(vision_config=vision, text_config=text, image_token_id=specials["<image>"],
                         vision_feature_select_strategy="default", vision_feature_layer=-1)
    torch.manual_seed(seed)
    model = LlavaForConditionalGeneration(config).eval()
    model.generation_config.pad_token_id = 0
    model.generation_config.eos_token_id = 2
    image_processor = CLIPImageProcessorPil(size={"shortest_edge": image_size},
                                            crop_size={"height": image_size, "width": image_size})
    processor = LlavaProcessor(image_processor=image_processor, tokenizer=tokenizer, patch_size=patch,
                               vision_feature_select_strategy="default", chat_template=LLAVA_TEMPLATE,
                               num_additional_image_tokens=1)  # CLIP's CLS token, dropped by "default"
    model.save_pretrained(folder)
    processor.save_pretrained(folder)
    return folder


# Qwen2-VL-2B-Instruct's published shape.
QWEN2_VL_2B = {
    "text": {"vocab_size": 151936, "hidden_size": 1536, "intermediate_size": 8960, "num_hidden_layers": 28,
             "num_attention_heads": 12, "num_key_value_heads": 2, "max_position_embeddings": 32768,
             "rope_parameters": {"rope_type": "default", "rope_theta": 1000000.0, "mrope_section": [16, 24, 24]},
             "bos_token_id": 151643, "eos_token_id": 151645, "tie_word_embeddings": True},
    "vision": {"depth": 32, "embed_dim": 1280, "hidden_size": 1536, "num_heads": 16, "mlp_ratio": 4,
               "patch_size": 14, "spatial_merge_size": 2, "temporal_patch_size": 2},
}
# The same architecture, small enough for a CPU (head_dim 16: mrope_section sums to 8).
QWEN2_VL_TINY = {
    "text": {**QWEN2_VL_2B["text"], "hidden_size": 64, "intermediate_size": 128, "num_hidden_layers": 2,
             "num_attention_heads": 4, "num_key_value_heads": 2,
             "rope_parameters": {**QWEN2_VL_2B["text"]["rope_parameters"], "mrope_section": [2, 3, 3]}},
    "vision": {**QWEN2_VL_2B["vision"], "depth": 2, "embed_dim": 32, "hidden_size": 64, "num_heads": 2,
               "mlp_ratio": 2},
}
QWEN_SPECIALS = {"<|endoftext|>": 151643, "<|im_start|>": 151644, "<|im_end|>": 151645,
                 "<|vision_start|>": 151652, "<|vision_end|>": 151653, "<|image_pad|>": 151655,
                 "<|video_pad|>": 151656}


def build_qwen2_vl(folder: str | Path, shape: dict = QWEN2_VL_TINY, dtype: str = "bfloat16", device: str = "cpu",
                   max_pixels: int = 512 * 512, seed: int = 0) -> Path:
    """A Qwen2-VL of ``shape`` (e.g. QWEN2_VL_2B) with random weights, built on ``device``."""
    import torch
    import transformers
    from transformers import (
        Qwen2VLConfig,
        Qwen2VLForConditionalGeneration,
        Qwen2VLImageProcessor,
        Qwen2VLProcessor,
        Qwen2VLVideoProcessor,
    )

    folder = Path(folder)
    tokenizer = word_tokenizer(shape["text"]["vocab_size"], QWEN_SPECIALS, pad_token="<|endoftext|>",
                               eos_token="<|im_end|>")
    tokenizer.chat_template = QWEN_TEMPLATE  # vLLM renders chats with the tokenizer's template
    text = dict(shape["text"])
    if int(transformers.__version__.split(".")[0]) < 5:  # 4.x spells multimodal RoPE the older way
        rope = text.pop("rope_parameters")
        text.update(rope_theta=rope["rope_theta"],
                    rope_scaling={"type": "mrope", "mrope_section": rope["mrope_section"]})
    config = Qwen2VLConfig(text_config=text, vision_config=shape["vision"],
                           image_token_id=QWEN_SPECIALS["<|image_pad|>"], video_token_id=QWEN_SPECIALS["<|video_pad|>"],
                           vision_start_token_id=QWEN_SPECIALS["<|vision_start|>"],
                           vision_end_token_id=QWEN_SPECIALS["<|vision_end|>"],
                           tie_word_embeddings=shape["text"]["tie_word_embeddings"])
    torch.manual_seed(seed)
    with torch.device(device):
        model = Qwen2VLForConditionalGeneration(config).to(getattr(torch, dtype)).eval()
    model.generation_config.eos_token_id = QWEN_SPECIALS["<|im_end|>"]
    model.generation_config.pad_token_id = QWEN_SPECIALS["<|endoftext|>"]
    image_processor = Qwen2VLImageProcessor(max_pixels=max_pixels, patch_size=shape["vision"]["patch_size"],
                                            merge_size=shape["vision"]["spatial_merge_size"])
    processor = Qwen2VLProcessor(image_processor=image_processor, tokenizer=tokenizer,
                                 video_processor=Qwen2VLVideoProcessor(), chat_template=QWEN_TEMPLATE)
    model.save_pretrained(folder)
    processor.save_pretrained(folder)
    return folder
